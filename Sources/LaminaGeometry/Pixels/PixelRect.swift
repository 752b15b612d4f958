import Foundation

/// An integer rect of pixels, half-open: x in [x0, x1), y in [y0, y1).
public struct PixelRect: Codable, Sendable, Hashable, CustomStringConvertible {
    public var x0: Int, y0: Int, x1: Int, y1: Int
    public init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    public static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    public var width: Int { max(0, x1 - x0) }
    public var height: Int { max(0, y1 - y0) }
    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    public var area: Int { width * height }
    public func intersection(_ o: PixelRect) -> PixelRect {
        let r = PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        return r.isEmpty ? .empty : r
    }
    public func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }
    public var description: String { "[\(x0),\(y0) \(width)x\(height)]" }
}
