import Foundation

/// CATiledLayer: a layer whose custom drawing iOS makes tile by tile, on demand, at several levels of detail.
///
/// **Rules.** Lamina draws it like any custom-drawn layer: the whole backing store at once, through a
/// `draw(in:)` override or the delegate's `draw(_:in:)`, with `ctx.boundingBoxOfClipPath` the layer's bounds
/// (the store is the one tile), so a drawing that fills the tiles its clip touches draws them all. What the
/// tiles show together is what renders; `tileSize`, the levels of detail and `fadeDuration()` (tiles fade in
/// as they load on iOS) are held and do not change the picture.
open class CATiledLayer: Layer {
    /// The size of a tile, in pixels of the backing store; 256 x 256 by default.
    public var tileSize = CGSize(width: 256, height: 256)
    /// How many levels of detail iOS caches (each half the previous resolution); 1 by default.
    public var levelsOfDetail = 1
    /// How many of those levels are magnified detail; 0 by default.
    public var levelsOfDetailBias = 0

    /// How long a newly drawn tile fades in on iOS (0.25 s); a class method subclasses override.
    open class func fadeDuration() -> CFTimeInterval { 0.25 }

    public override init() { super.init() }

    /// A copy of `layer`'s CALayer properties and, from another tiled layer, its tile settings.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CATiledLayer {
            tileSize = other.tileSize
            levelsOfDetail = other.levelsOfDetail
            levelsOfDetailBias = other.levelsOfDetailBias
        }
    }
}
