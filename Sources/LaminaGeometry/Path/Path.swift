import Foundation

/// A 2D path made of subpaths of lines and Bézier curves, in a layer's coordinate space (points).
///
/// Builders (`rect`, `ellipse`, `roundedRect`, arcs, curves), the SVG path-data parser
/// (`Path(svgPathData:)`, in `Path+SVG.swift`) and flattening to polylines (`Path+Flatten.swift`) share this one
/// representation, which both rasterizers consume after flattening.
public struct Path: Sendable, Equatable, Hashable, Codable {
    public enum Element: Sendable, Equatable, Hashable, Codable {
        case move(CGPoint)
        case line(CGPoint)
        case quad(CGPoint, CGPoint)            // control, end
        case cubic(CGPoint, CGPoint, CGPoint)  // control 1, control 2, end
        case close
    }

    public var elements: [Element]

    public init(elements: [Element] = []) { self.elements = elements }

    public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to p: CGPoint) { elements.append(.move(p)) }
    public mutating func line(to p: CGPoint) { elements.append(.line(p)) }
    public mutating func quadCurve(to p: CGPoint, control c: CGPoint) { elements.append(.quad(c, p)) }
    public mutating func curve(to p: CGPoint, control1 c1: CGPoint, control2 c2: CGPoint) {
        elements.append(.cubic(c1, c2, p))
    }
    public mutating func closeSubpath() { elements.append(.close) }
    public mutating func append(_ other: Path) { elements += other.elements }
}

/// A closed or open polyline produced by flattening one subpath.
public struct Polyline: Sendable, Equatable, Hashable, Codable {
    public var points: [CGPoint]
    public var closed: Bool
    public init(points: [CGPoint], closed: Bool) { self.points = points; self.closed = closed }

    /// The smallest rect holding every finite point of `polylines`; `CGRect.null` when there is none.
    public static func bounds(of polylines: [Polyline]) -> CGRect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for poly in polylines {
            for p in poly.points where p.x.isFinite && p.y.isFinite {
                minX = min(minX, Double(p.x)); maxX = max(maxX, Double(p.x))
                minY = min(minY, Double(p.y)); maxY = max(maxY, Double(p.y))
            }
        }
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The memory `polylines` hold, for caches that weigh what they keep: each polyline's points and 64
    /// bytes of its own.
    public static func bytes(of polylines: [Polyline]) -> Int {
        polylines.reduce(0) { $0 + 64 + $1.points.count * MemoryLayout<CGPoint>.stride }
    }
}

/// How a path's interior is decided (CAShapeLayer's `fillRule`).
public enum FillRule: String, Sendable, Codable, Hashable, CaseIterable {
    case nonZero, evenOdd
}
