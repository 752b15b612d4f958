import Foundation

/// An immutable image with identity, as a layer's `contents` holds it (CGImage's role).
///
/// The mip chain both renderers sample is built once, on first use, and kept: a scene rendered many
/// times (bench, parity) pays for it once, and the GPU backend can key its texture cache on the object.
public final class Bitmap: @unchecked Sendable {
    /// The base image, premultiplied RGBA8.
    public let image: Image
    /// Where the image came from (a file path, `@name` or `data:` URI), for errors and profiles.
    public let origin: String

    private let lock = NSLock()
    private var cachedMips: MipChain?
    private var cachedOccupancy: Occupancy?

    /// Wraps `image`; `origin` names where it came from, for messages.
    public init(image: Image, origin: String = "") {
        self.image = image
        self.origin = origin
    }

    public var width: Int { image.width }
    public var height: Int { image.height }

    /// The 2x2 box-filtered mip chain of `image`, built on first use.
    public var mipChain: MipChain {
        lock.lock()
        defer { lock.unlock() }
        if let m = cachedMips { return m }
        let m = MipChain(base: image)
        cachedMips = m
        return m
    }

    /// `occupancy` if something asked for it already, else nil (nothing is computed).
    public var knownOccupancy: Occupancy? {
        lock.lock()
        defer { lock.unlock() }
        return cachedOccupancy
    }

    /// Which texels of `image` are not transparent, found on first use: a drawing that reads the image
    /// many times skips what it would read as zero.
    public var occupancy: Occupancy {
        lock.lock()
        defer { lock.unlock() }
        if let o = cachedOccupancy { return o }
        let o = Occupancy(image)
        cachedOccupancy = o
        return o
    }
}
