import Foundation

/// Errors of LaminaImage, each with a message fit for a user; the CLI maps them to exit codes.
public enum ImageError: Error, Equatable, CustomStringConvertible {
    case notPNG(String)
    case corruptPNG(String)
    case tooLarge(width: Int, height: Int)
    case encodeFailed(String)
    case unreadable(path: String, reason: String)
    case unwritable(path: String, reason: String)
    case sizeMismatch(String)

    public var description: String {
        switch self {
        case .notPNG(let why): return "not a PNG file: \(why)"
        case .corruptPNG(let why): return "corrupt PNG: \(why)"
        case .tooLarge(let w, let h):
            return "image is \(w)x\(h) pixels; at most \(PNG.maxDimension) a side and \(PNG.maxPixels) pixels in all"
        case .encodeFailed(let why): return "PNG encoding failed: \(why)"
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .unwritable(let path, let reason): return "cannot write \(path): \(reason)"
        case .sizeMismatch(let why): return "image sizes differ: \(why)"
        }
    }
}
