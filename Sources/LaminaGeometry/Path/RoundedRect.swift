import Foundation

/// A rect with a radius per corner and a corner curve: the shape of backgrounds, borders and clips.
///
/// Radii are named by CACornerMask's corners in local coordinates (minXMinY is the top-left on iOS).
/// Classified once, Skia-style, so renderers can pick fast paths: `isRect` when every radius is zero.
public struct RoundedRect: Codable, Sendable, Hashable {
    public var rect: CGRect
    public var minXMinY: Double
    public var maxXMinY: Double
    public var minXMaxY: Double
    public var maxXMaxY: Double
    public var curve: CornerCurve

    public init(rect: CGRect, minXMinY: Double = 0, maxXMinY: Double = 0, minXMaxY: Double = 0,
                maxXMaxY: Double = 0, curve: CornerCurve = .circular) {
        self.rect = rect; self.minXMinY = minXMinY; self.maxXMinY = maxXMinY
        self.minXMaxY = minXMaxY; self.maxXMaxY = maxXMaxY; self.curve = curve
    }

    /// The shape CALayer gives `cornerRadius` on the corners of `maskedCorners`, clamped so corners never
    /// overlap: min(r, min(w, h) / 2) for circular corners, and for continuous corners the same limit
    /// divided by the curve's reach of 1.528665 r along each edge.
    public init(rect: CGRect, radius: Double, corners: CornerMask, curve: CornerCurve) {
        let half = min(Double(abs(rect.width)), Double(abs(rect.height))) / 2
        let limit = curve == .continuous ? half / RoundedRect.continuousReach : half
        let r = max(0, min(radius, limit))
        self.init(rect: rect,
                  minXMinY: corners.contains(.minXMinY) ? r : 0, maxXMinY: corners.contains(.maxXMinY) ? r : 0,
                  minXMaxY: corners.contains(.minXMaxY) ? r : 0, maxXMaxY: corners.contains(.maxXMaxY) ? r : 0,
                  curve: curve)
    }

    /// How far along each edge the continuous corner curve reaches, in multiples of the radius.
    public static let continuousReach = 1.528665

    public var isRect: Bool { minXMinY == 0 && maxXMinY == 0 && minXMaxY == 0 && maxXMaxY == 0 }
    public var maxRadius: Double { max(max(minXMinY, maxXMinY), max(minXMaxY, maxXMaxY)) }

    /// The border's inner edge: inset by `width` with radii max(0, r - width).
    public func inset(by width: Double) -> RoundedRect {
        RoundedRect(rect: rect.insetBy(dx: width, dy: width),
                    minXMinY: max(0, minXMinY - width), maxXMinY: max(0, maxXMinY - width),
                    minXMaxY: max(0, minXMaxY - width), maxXMaxY: max(0, maxXMaxY - width), curve: curve)
    }
}

/// CACornerMask: which corners `cornerRadius` rounds.
public struct CornerMask: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let minXMinY = CornerMask(rawValue: 1)
    public static let maxXMinY = CornerMask(rawValue: 2)
    public static let minXMaxY = CornerMask(rawValue: 4)
    public static let maxXMaxY = CornerMask(rawValue: 8)
    public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]
    /// The scene format's names, in CACornerMask's bit order.
    public static let names: [(String, CornerMask)] = [
        ("minXMinY", .minXMinY), ("maxXMinY", .maxXMinY), ("minXMaxY", .minXMaxY), ("maxXMaxY", .maxXMaxY),
    ]
}

/// `cornerCurve`: a quarter circle, or the iOS 7 continuous ("squircle") curve.
public enum CornerCurve: String, Sendable, Hashable, Codable, CaseIterable {
    case circular, continuous
}
