import Foundation
import LaminaGeometry

/// A texture draw's sampling decided once for the whole operation, where its map has no perspective, so
/// that both renderers take every pixel's filter, and a nearest filter's texel, from the same numbers.
///
/// Why: under a map without perspective the level of detail is the same at every pixel, and GL picks the
/// magnification filter where it is at most 0, the minification filter elsewhere. An image drawn one texel
/// to a pixel under a rotation has a level of detail of 0 up to rounding, computed per pixel in double on
/// the CPU and in float on the GPU; with two different filters (`magnificationFilter` nearest, the default
/// linear minification) the two chose different filters over whole images. Decided here in double, once,
/// both renderers use the one answer. Under a perspective map the level varies per pixel and each renderer
/// still computes it per pixel.
///
/// A nearest filter picks a texel by a threshold on the pixel's texel coordinate, which the renderers
/// compute in different precisions; `TexelLattice` makes that choice integer arithmetic on both.
public struct TextureSampling: Sendable, Equatable {
    /// The level of detail of every pixel (ES 3.0 equation 3.20, with the bias).
    public let lambda: Double
    /// The filter it selects: the magnification filter where `lambda <= 0` (trilinear there is linear), else
    /// the minification filter.
    public let filter: ContentsFilter
    /// With the nearest filter, the texels of the texture and of the mask as integer functions of the pixel
    /// (nil where `TexelLattice` cannot hold the map exactly: the renderers then compare coordinates).
    public let texels: TexelLattice?
    public let maskTexels: TexelLattice?

    /// The sampling of `draw` stretched over `rect` through `transform` onto the pixels `bounds`, reading a
    /// texture of `width` x `height` texels (and a mask of `maskWidth` x `maskHeight`); nil under
    /// perspective or a map that is singular or not finite.
    public init?(_ draw: TextureDraw, rect: CGRect, transform t: Transform3D, bounds: PixelRect, width: Int,
                 height: Int, maskWidth: Int = 0, maskHeight: Int = 0) {
        guard let map = TexelLattice.FlatMap(t) else { return nil }
        let lambda = TextureSampling.levelOfDetail(draw, rect: rect, width: width, height: height,
                                                   jacobian: (map.dxdpx, map.dxdpy, map.dydpx, map.dydpy))
        guard !lambda.isNaN else { return nil }
        self.lambda = lambda
        // Magnification reads level 0 alone: a trilinear magnification filter is a linear one.
        filter = lambda > 0 ? draw.minFilter : draw.magFilter == .nearest ? .nearest : .linear
        guard filter == .nearest else {
            texels = nil
            maskTexels = nil
            return
        }
        // Both lattices or neither: a draw's texture and mask are sampled alike.
        let image = TexelLattice(map, draw: draw, rect: rect, width: width, height: height, origin: bounds)
        let mask = draw.mask == nil ? nil
            : TexelLattice(map, draw: draw, rect: rect, width: maskWidth, height: maskHeight, origin: bounds)
        let whole = image != nil && (draw.mask == nil || mask != nil)
        texels = whole ? image : nil
        maskTexels = whole ? mask : nil
    }

    /// The level of detail of `draw` stretched over `rect` from a texture of `width` x `height` texels, at a
    /// pixel where the local point's Jacobian is `jacobian` (dx/dpx, dx/dpy, dy/dpx, dy/dpy): the one
    /// computation behind the draw's decided level and the CPU's per-pixel level under perspective.
    @inline(__always)
    public static func levelOfDetail(_ draw: TextureDraw, rect: CGRect, width: Int, height: Int,
                                     jacobian j: (Double, Double, Double, Double)) -> Double {
        let sx = Double(draw.sourceRect.width) / Double(rect.width)
        let sy = Double(draw.sourceRect.height) / Double(rect.height)
        let w = Double(width), h = Double(height)
        return levelOfDetail(dudx: sx * w * j.0, dvdx: sy * h * j.2, dudy: sx * w * j.1, dvdy: sy * h * j.3,
                             bias: draw.lodBias)
    }

    /// The level of detail for texel-space derivatives (ES 3.0 equation 3.20, with the scale factor rho
    /// taken as the larger of the two derivative lengths); -infinity where both are zero.
    @inline(__always)
    public static func levelOfDetail(dudx: Double, dvdx: Double, dudy: Double, dvdy: Double, bias: Double) -> Double {
        let rx = (dudx * dudx + dvdx * dvdx).squareRoot()
        let ry = (dudy * dudy + dvdy * dvdy).squareRoot()
        let rho = max(rx, ry)
        guard rho > 0 else { return -.infinity }
        return log2(rho) + bias
    }
}

extension DrawOp {
    /// The sampling of this op's texture paint decided for the whole op (`TextureSampling`), for a texture
    /// of `width` x `height` texels and a mask of `maskWidth` x `maskHeight`; nil for other paints and under
    /// perspective.
    public func textureSampling(width: Int, height: Int, maskWidth: Int = 0, maskHeight: Int = 0) -> TextureSampling? {
        guard let t = texture else { return nil }
        return TextureSampling(t, rect: shape.textureRect, transform: transform, bounds: bounds, width: width,
                               height: height, maskWidth: maskWidth, maskHeight: maskHeight)
    }
}
