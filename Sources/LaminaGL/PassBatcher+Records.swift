import CGLES
import Foundation
import LaminaCore

/// What the batcher writes into instance records, and the textures of path coverage.
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

    /// An R8 texture of `bytes` (rows top first, tightly packed).
    static func upload(_ bytes: [UInt8], width: Int, height: Int) throws -> GLTexture {
        let t = try GLTexture(width: width, height: height, format: GL_R8)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        try bytes.withUnsafeBytes { p in
            try gl("glTexSubImage2D(path coverage)") {
                glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RED),
                                GLenum(GL_UNSIGNED_BYTE), p.baseAddress)
            }
        }
        return t
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
