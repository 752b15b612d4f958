import Foundation
import LaminaGeometry

/// A hash of 64-bit words, one multiply and one shift a word: for keys that a renderer looks up for every
/// draw of every frame and then compares whole (`DrawIdentity.hash(op:image:)`), where SipHash over an
/// operation's maps and rects took a third of finding a frame's kept draws. It does not resist crafted
/// collisions; a key compared whole after it loses nothing to one but the time of a second lookup.
public struct QuickHasher {
    @usableFromInline var state: UInt64 = 0x243F_6A88_85A3_08D3

    @inlinable public init() {}

    @inlinable public mutating func combine(_ word: UInt64) {
        state = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
        state ^= state >> 29
    }

    @inlinable public mutating func combine(_ value: Int) { combine(UInt64(bitPattern: Int64(value))) }

    /// A value, its two zeros alike (they are equal).
    @inlinable public mutating func combine(_ value: Double) { combine(value == 0 ? 0 : value.bitPattern) }

    @inlinable public mutating func combine(_ rect: CGRect) {
        combine(Double(rect.origin.x)); combine(Double(rect.origin.y))
        combine(Double(rect.size.width)); combine(Double(rect.size.height))
    }

    /// The words mixed once more, so that every bit of the state reaches the low bits a table indexes by.
    @inlinable public func finalize() -> Int {
        var x = state
        x ^= x >> 33
        x &*= 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x &*= 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return Int(bitPattern: UInt(x))
    }
}

extension DrawOp {
    /// Feeds `hasher` what `==` compares, but a path's points as `PathCoverageKey` samples them: a key that
    /// holds whole operations (`KeptDraws`, a kept pass's fingerprint) is hashed each frame, and a stroke's
    /// outline can hold thousands of points. The map goes in by its bits, plain values word by word, and what
    /// holds arrays or many fields (a path, a gradient, a texture draw) through its own hash. Equal
    /// operations hash alike.
    @inlinable
    public func quickHash(into hasher: inout QuickHasher) {
        withUnsafeBytes(of: transform) { raw in
            for k in 0..<raw.count / 8 { hasher.combine(raw.loadUnaligned(fromByteOffset: k * 8, as: UInt64.self)) }
        }
        hasher.combine(bounds.x0); hasher.combine(bounds.y0); hasher.combine(bounds.x1); hasher.combine(bounds.y1)
        hasher.combine(edgeAA.rawValue)
        if let m = modulate {
            hasher.combine(m.r); hasher.combine(m.g); hasher.combine(m.b); hasher.combine(m.a)
        } else {
            hasher.combine(-1)
        }
        hasher.combine(clips.count)
        switch paint {
        case .solid(let c):
            hasher.combine(1); hasher.combine(c.r); hasher.combine(c.g); hasher.combine(c.b); hasher.combine(c.a)
        case .gradient(let g):
            hasher.combine(2); hasher.combine(g.hashValue)
        case .texture(let t):
            hasher.combine(3); hasher.combine(t.hashValue)
        }
        switch shape {
        case .roundedRect(let r):
            hasher.combine(1); r.quickHash(into: &hasher)
        case .ring(let r, let width):
            hasher.combine(2); r.quickHash(into: &hasher); hasher.combine(width)
        case .path(let path):
            var sampled = Hasher()
            sampled.combine(PathCoverageKey(lines: path.polylines, transform: transform, rule: path.rule, bounds: bounds))
            sampled.combine(path.antialiased)
            sampled.combine(path.frame?.minX)
            sampled.combine(path.frame?.minY)
            hasher.combine(3); hasher.combine(sampled.finalize())
        }
    }
}

extension DrawOp {
    /// `quickHash` fed to a `Hasher`: for keys hashed through `Hashable` (`DrawIdentity`, a kept pass's
    /// fingerprint), one formula with the lookups' (`DrawIdentity.hash(op:image:)`).
    @inlinable
    public func hashSamplingPaths(into hasher: inout Hasher) {
        var quick = QuickHasher()
        quickHash(into: &quick)
        hasher.combine(quick.finalize())
    }
}

extension RoundedRect {
    @inlinable @usableFromInline
    func quickHash(into hasher: inout QuickHasher) {
        hasher.combine(rect)
        hasher.combine(minXMinY); hasher.combine(maxXMinY); hasher.combine(minXMaxY); hasher.combine(maxXMaxY)
        hasher.combine(curve == .continuous ? 1 : 0)
    }
}
