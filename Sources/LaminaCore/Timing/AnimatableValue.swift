import Foundation
import LaminaGeometry
import LaminaGraph

/// A value an animation moves a layer property through, as the property holds it.
public enum AnimatableValue: Sendable, Equatable {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    /// A colour; nil is no colour (transparent where drawn).
    case color(Color?)
    case transform(Transform3D)
    case bool(Bool)
    /// A list of colours (a gradient's `colors`); lists of different lengths do not mix.
    case colors([Color])
    /// A list of numbers (a gradient's `locations`).
    case numbers([Double])
    /// A path (a shape's `path`, a `shadowPath`); nil is none.
    case path(Path?)

    /// The value between `a` (t = 0) and `b` (t = 1): numbers, points, sizes, rects and colours (straight
    /// components) linearly, transforms by decomposition (`Transform3D.interpolate`), booleans switching at
    /// the midpoint. Values of different kinds do not mix: `a` until t reaches 1, then `b`.
    public static func interpolate(_ a: AnimatableValue, _ b: AnimatableValue, _ t: Double) -> AnimatableValue {
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(mix(x, y))
        case (.point(let p), .point(let q)): return .point(CGPoint(x: mix(Double(p.x), Double(q.x)), y: mix(Double(p.y), Double(q.y))))
        case (.size(let p), .size(let q)):
            return .size(CGSize(width: mix(Double(p.width), Double(q.width)), height: mix(Double(p.height), Double(q.height))))
        case (.rect(let p), .rect(let q)):
            return .rect(CGRect(x: mix(Double(p.minX), Double(q.minX)), y: mix(Double(p.minY), Double(q.minY)),
                                width: mix(Double(p.width), Double(q.width)), height: mix(Double(p.height), Double(q.height))))
        case (.color(let p), .color(let q)):
            let c = p ?? .clear, d = q ?? .clear
            return .color(Color(red: mix(c.red, d.red), green: mix(c.green, d.green), blue: mix(c.blue, d.blue),
                                alpha: mix(c.alpha, d.alpha)))
        case (.transform(let p), .transform(let q)): return .transform(Transform3D.interpolate(p, q, t))
        case (.bool(let p), .bool(let q)): return .bool(t < 0.5 ? p : q)
        case (.colors(let p), .colors(let q)) where p.count == q.count:
            return .colors(zip(p, q).map { c, d in
                Color(red: mix(c.red, d.red), green: mix(c.green, d.green), blue: mix(c.blue, d.blue), alpha: mix(c.alpha, d.alpha))
            })
        case (.numbers(let p), .numbers(let q)) where p.count == q.count: return .numbers(zip(p, q).map(mix))
        case (.path(let p?), .path(let q?)):
            return interpolatePaths(p, q, t).map { .path($0) } ?? (t < 1 ? a : b)
        default: return t < 1 ? a : b
        }
    }

    /// Paths of the same structure (the same elements in the same order) point by point, as Core Animation
    /// animates a shape's path; nil for paths of different structures.
    static func interpolatePaths(_ p: Path, _ q: Path, _ t: Double) -> Path? {
        guard p.elements.count == q.elements.count else { return nil }
        func mix(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
            CGPoint(x: Double(a.x) + (Double(b.x) - Double(a.x)) * t, y: Double(a.y) + (Double(b.y) - Double(a.y)) * t)
        }
        var out: [Path.Element] = []
        out.reserveCapacity(p.elements.count)
        for (a, b) in zip(p.elements, q.elements) {
            switch (a, b) {
            case (.move(let x), .move(let y)): out.append(.move(mix(x, y)))
            case (.line(let x), .line(let y)): out.append(.line(mix(x, y)))
            case (.quad(let c, let x), .quad(let d, let y)): out.append(.quad(mix(c, d), mix(x, y)))
            case (.cubic(let c1, let c2, let x), .cubic(let d1, let d2, let y)):
                out.append(.cubic(mix(c1, d1), mix(c2, d2), mix(x, y)))
            case (.close, .close): out.append(.close)
            default: return nil
            }
        }
        return Path(elements: out)
    }

    /// `a` plus `b`, as additive and cumulative animations and `byValue` add: component sums, transforms
    /// concatenated (`b` applied first, then `a`), booleans and mixed kinds `b`.
    public static func sum(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(x + y)
        case (.point(let p), .point(let q)): return .point(CGPoint(x: p.x + q.x, y: p.y + q.y))
        case (.size(let p), .size(let q)): return .size(CGSize(width: p.width + q.width, height: p.height + q.height))
        case (.rect(let p), .rect(let q)):
            return .rect(CGRect(x: p.minX + q.minX, y: p.minY + q.minY, width: p.width + q.width, height: p.height + q.height))
        case (.color(let p), .color(let q)):
            let c = p ?? .clear, d = q ?? .clear
            return .color(Color(red: c.red + d.red, green: c.green + d.green, blue: c.blue + d.blue, alpha: c.alpha + d.alpha))
        case (.transform(let p), .transform(let q)): return .transform(q.concatenating(p))
        case (.colors(let p), .colors(let q)) where p.count == q.count:
            return .colors(zip(p, q).map { c, d in
                Color(red: c.red + d.red, green: c.green + d.green, blue: c.blue + d.blue, alpha: c.alpha + d.alpha)
            })
        case (.numbers(let p), .numbers(let q)) where p.count == q.count: return .numbers(zip(p, q).map(+))
        default: return b
        }
    }

    /// The value within what a scene may hold: every number within ±1e7 (`JSONValue.maxMagnitude`, the
    /// decoder's bound, which timing functions that overshoot, springs and cumulative repeats could pass), a
    /// colour's components within 0...1; a value that is not finite becomes 0.
    public var bounded: AnimatableValue {
        let m = JSONValue.maxMagnitude
        func b(_ x: Double) -> Double { x.isFinite ? min(m, max(-m, x)) : 0 }
        func u(_ x: Double) -> Double { x.isFinite ? min(1, max(0, x)) : 0 }
        switch self {
        case .number(let x): return .number(b(x))
        case .point(let p): return .point(CGPoint(x: b(Double(p.x)), y: b(Double(p.y))))
        case .size(let s): return .size(CGSize(width: b(Double(s.width)), height: b(Double(s.height))))
        case .rect(let r): return .rect(CGRect(x: b(Double(r.minX)), y: b(Double(r.minY)), width: b(Double(r.width)), height: b(Double(r.height))))
        case .color(let c): return .color(c.map { Color(red: u($0.red), green: u($0.green), blue: u($0.blue), alpha: u($0.alpha)) })
        case .transform(let t): return .transform(Transform3D(elements: t.elements.map(b)) ?? .identity)
        case .bool: return self
        case .colors(let list): return .colors(list.map { Color(red: u($0.red), green: u($0.green), blue: u($0.blue), alpha: u($0.alpha)) })
        case .numbers(let list): return .numbers(list.map(b))
        case .path(let p):
            func bp(_ c: CGPoint) -> CGPoint { CGPoint(x: b(Double(c.x)), y: b(Double(c.y))) }
            return .path(p.map { path in
                Path(elements: path.elements.map { e in
                    switch e {
                    case .move(let x): return .move(bp(x))
                    case .line(let x): return .line(bp(x))
                    case .quad(let c, let x): return .quad(bp(c), bp(x))
                    case .cubic(let c1, let c2, let x): return .cubic(bp(c1), bp(c2), bp(x))
                    case .close: return .close
                    }
                })
            })
        }
    }

    /// The value's numbers, for the curves that work on them component by component (cubic keyframes,
    /// paced key times); nil for transforms, booleans, lists and paths.
    var components: [Double]? {
        switch self {
        case .number(let x): return [x]
        case .point(let p): return [Double(p.x), Double(p.y)]
        case .size(let s): return [Double(s.width), Double(s.height)]
        case .rect(let r): return [Double(r.minX), Double(r.minY), Double(r.width), Double(r.height)]
        case .color(let c): let d = c ?? .clear; return [d.red, d.green, d.blue, d.alpha]
        case .transform, .bool, .colors, .numbers, .path: return nil
        }
    }

    /// A value of this one's kind made of `c` (as many numbers as `components` gives); nil for the kinds
    /// without components.
    func withComponents(_ c: [Double]) -> AnimatableValue? {
        guard let mine = components, mine.count == c.count else { return nil }
        switch self {
        case .number: return .number(c[0])
        case .point: return .point(CGPoint(x: c[0], y: c[1]))
        case .size: return .size(CGSize(width: c[0], height: c[1]))
        case .rect: return .rect(CGRect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .color: return .color(Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        case .transform, .bool, .colors, .numbers, .path: return nil
        }
    }

    /// `a` added `n` times (a cumulative animation's offset after n iterations).
    public static func repeated(_ a: AnimatableValue, _ n: Int) -> AnimatableValue? {
        guard n > 0 else { return nil }
        var out = a
        for _ in 1..<min(n, 10_000) { out = sum(out, a) }
        return out
    }

    /// `b` minus `a`, for a cumulative animation's step from its first value to its last.
    public static func difference(_ b: AnimatableValue, _ a: AnimatableValue) -> AnimatableValue? {
        switch (b, a) {
        case (.number(let y), .number(let x)): return .number(y - x)
        case (.point(let q), .point(let p)): return .point(CGPoint(x: q.x - p.x, y: q.y - p.y))
        case (.size(let q), .size(let p)): return .size(CGSize(width: q.width - p.width, height: q.height - p.height))
        case (.rect(let q), .rect(let p)):
            return .rect(CGRect(x: q.minX - p.minX, y: q.minY - p.minY, width: q.width - p.width, height: q.height - p.height))
        case (.color(let q), .color(let p)):
            let d = q ?? .clear, c = p ?? .clear
            return .color(Color(red: d.red - c.red, green: d.green - c.green, blue: d.blue - c.blue, alpha: d.alpha - c.alpha))
        case (.transform(let q), .transform(let p)):
            return p.inverted.map { .transform($0.concatenating(q)) }
        case (.colors(let q), .colors(let p)) where p.count == q.count:
            return .colors(zip(q, p).map { d, c in
                Color(red: d.red - c.red, green: d.green - c.green, blue: d.blue - c.blue, alpha: d.alpha - c.alpha)
            })
        case (.numbers(let q), .numbers(let p)) where p.count == q.count: return .numbers(zip(q, p).map(-))
        default: return nil
        }
    }
}
