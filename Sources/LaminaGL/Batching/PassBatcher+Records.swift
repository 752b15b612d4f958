import CGLES
import Foundation
import LaminaGraph
import LaminaGeometry

/// What the batcher writes into instance records.
extension PassBatcher {
    /// The shader's FILTER_* codes (`common.glsl`).
    static func filterCode(_ f: ContentsFilter) -> Int {
        switch f {
        case .nearest: return 0
        case .linear: return 1
        case .trilinear: return 2
        }
    }

    static func rect(_ r: CGRect) -> SIMD4<Float> { SIMD4(Float(r.minX), Float(r.minY), Float(r.maxX), Float(r.maxY)) }

    /// A fill's or border's shape as its record's rect and radii (minXMinY, maxXMinY, minXMaxY, maxXMaxY).
    static func shapeRecord(_ s: RoundedRect) -> (rect: SIMD4<Float>, radii: SIMD4<Float>) {
        (rect(s.rect), SIMD4(Float(s.minXMinY), Float(s.maxXMinY), Float(s.minXMaxY), Float(s.maxXMaxY)))
    }

    /// Component-wise a * b * s, computed in double before the one rounding to float.
    static func product(_ a: PremultipliedColor, _ b: PremultipliedColor, _ s: Double) -> SIMD4<Float> {
        SIMD4(Float(a.r * b.r * s), Float(a.g * b.g * s), Float(a.b * b.b * s), Float(a.a * b.a * s))
    }
}

extension Array where Element == Float {
    /// Appends the four lanes of `v`.
    @inline(__always)
    mutating func append(_ v: SIMD4<Float>) {
        append(v[0]); append(v[1]); append(v[2]); append(v[3])
    }

    /// Appends a pixel rect's corners (x0, y0, x1, y1), an instance's first four floats.
    @inline(__always)
    mutating func append(_ r: PixelRect) {
        append(Float(r.x0)); append(Float(r.y0)); append(Float(r.x1)); append(Float(r.y1))
    }
}

/// A pass's draws: the opaque pieces (drawn first, without blending) and the blended batches in order.
struct PassBatches {
    var opaque: Batch?
    var blended: [Batch]
    /// The opaque pieces may cover pixels of pieces before them, so they are drawn with depth writes and
    /// the rest with a depth test; false when culling left no such overlap.
    var depthTested: Bool
}
