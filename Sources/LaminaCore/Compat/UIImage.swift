import Foundation
import LaminaImage

/// CoreGraphics' image, as `CALayer.contents` takes it: Lamina's immutable `Bitmap` (premultiplied RGBA8).
public typealias CGImage = Bitmap

extension Bitmap {
    /// A CGImage decoded from PNG bytes; nil when the bytes are not a PNG Lamina can read.
    public convenience init?(pngData data: Data) {
        guard let image = try? PNG.decode(data) else { return nil }
        self.init(image: image, origin: "data")
    }

    /// `CGImage.bytesPerRow` of the pixels as Lamina holds them (RGBA8).
    public var bytesPerRow: Int { width * 4 }
    public var bitsPerComponent: Int { 8 }
    public var bitsPerPixel: Int { 32 }
}

/// UIKit's image: a `CGImage` with a scale (pixels per point). Lamina reads PNG.
///
/// `UIImage(named:)` looks for the name as given, then with ".png", "@2x.png" and "@3x.png" (taking the
/// scale from the suffix, as UIKit does), in the main bundle's resources and then the working directory.
public final class UIImage {
    /// The pixels.
    public let cgImage: CGImage?
    /// Pixels per point: 1, or 2 and 3 for "@2x" and "@3x" files.
    public let scale: CGFloat

    /// The image's size in points: its pixel size divided by `scale`.
    public var size: CGSize {
        guard let cg = cgImage, scale > 0 else { return .zero }
        return CGSize(width: CGFloat(cg.width) / scale, height: CGFloat(cg.height) / scale)
    }

    public init(cgImage: CGImage, scale: CGFloat = 1, orientation: Orientation = .up) {
        self.cgImage = cgImage
        self.scale = scale
    }

    public convenience init(cgImage: CGImage) { self.init(cgImage: cgImage, scale: 1, orientation: .up) }

    /// The image a PNG's bytes hold; nil when they are not a PNG Lamina can read.
    public convenience init?(data: Data, scale: CGFloat = 1) {
        guard let cg = CGImage(pngData: data) else { return nil }
        self.init(cgImage: cg, scale: scale)
    }

    /// The PNG file at `path`; nil when it cannot be read. A "@2x"/"@3x" name sets the scale.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path), let cg = CGImage(pngData: data) else { return nil }
        self.init(cgImage: cg, scale: UIImage.scale(ofFile: path))
    }

    /// The image named `name` in the main bundle or the working directory (see the type's notes).
    public convenience init?(named name: String) {
        guard let path = UIImage.path(named: name) else { return nil }
        self.init(contentsOfFile: path)
    }

    /// UIKit's orientations; Lamina draws every image as `.up`.
    public enum Orientation: Int, Sendable { case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored }

    /// The image's PNG bytes.
    public func pngData() -> Data? { cgImage.flatMap { try? PNG.encode($0.image) } }

    static func scale(ofFile path: String) -> CGFloat {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if stem.hasSuffix("@3x") { return 3 }
        if stem.hasSuffix("@2x") { return 2 }
        return 1
    }

    static func path(named name: String) -> String? {
        let hasExtension = !(name as NSString).pathExtension.isEmpty
        let candidates = hasExtension ? [name] : [name, name + ".png", name + "@2x.png", name + "@3x.png"]
        let directories = [Bundle.main.resourcePath, Bundle.main.bundlePath, FileManager.default.currentDirectoryPath]
            .compactMap { $0 }
        for candidate in candidates {
            if candidate.hasPrefix("/"), FileManager.default.fileExists(atPath: candidate) { return candidate }
            for dir in directories {
                let path = (dir as NSString).appendingPathComponent(candidate)
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue { return path }
            }
        }
        return nil
    }
}
