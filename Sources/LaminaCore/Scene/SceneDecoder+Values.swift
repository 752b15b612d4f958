import Foundation
import LaminaGraph
import LaminaGeometry

/// Reading the scene format's value kinds (numbers, points, sizes, rects, colours, transforms, names) out of
/// JSON values, each failure a `SceneError` at the value's pointer that says what was expected and found.
extension JSONValue {
    /// Largest magnitude of any number in a scene: keeps sizes like 1e308 from reaching the renderers.
    static let maxMagnitude = 1e7

    func fail(_ p: JSONPointer, expected: String) -> SceneError {
        SceneError(p, "expected \(expected), found \(kindDescription)")
    }

    func number(at p: JSONPointer, in range: ClosedRange<Double>? = nil, what: String = "a number") throws -> Double {
        guard case .number(let x) = self else { throw fail(p, expected: what) }
        guard abs(x) <= JSONValue.maxMagnitude else {
            throw SceneError(p, "\(formatNumber(x)) is out of range; numbers in a scene are limited to ±\(formatNumber(JSONValue.maxMagnitude))")
        }
        if let range, !range.contains(x) {
            throw SceneError(p, "expected a number in \(formatNumber(range.lowerBound))...\(formatNumber(range.upperBound)), found \(formatNumber(x))")
        }
        return x
    }

    /// A number that may not be negative (sizes, widths, radii).
    func nonNegative(at p: JSONPointer) throws -> Double {
        let x = try number(at: p)
        guard x >= 0 else { throw SceneError(p, "expected a number >= 0, found \(formatNumber(x))") }
        return x
    }

    /// A number that must be greater than zero (scales).
    func positive(at p: JSONPointer) throws -> Double {
        let x = try number(at: p)
        guard x > 0 else { throw SceneError(p, "expected a number > 0, found \(formatNumber(x))") }
        return x
    }

    func integer(at p: JSONPointer, in range: ClosedRange<Int>) throws -> Int {
        let x = try number(at: p, what: "an integer")
        guard x.rounded() == x else { throw SceneError(p, "expected an integer, found \(formatNumber(x))") }
        guard Double(range.lowerBound) <= x, x <= Double(range.upperBound) else {
            throw SceneError(p, "expected an integer in \(range.lowerBound)...\(range.upperBound), found \(formatNumber(x))")
        }
        return Int(x)
    }

    func bool(at p: JSONPointer) throws -> Bool {
        guard case .bool(let b) = self else { throw fail(p, expected: "true or false") }
        return b
    }

    func string(at p: JSONPointer) throws -> String {
        guard case .string(let s) = self else { throw fail(p, expected: "a string") }
        return s
    }

    /// `count` numbers in an array, described as `shape` ("a size [w, h]") in errors.
    func numbers(_ count: Int, at p: JSONPointer, shape: String) throws -> [Double] {
        guard case .array(let items) = self, items.count == count else { throw fail(p, expected: shape) }
        return try items.enumerated().map { try $1.number(at: p / $0) }
    }

    func point(at p: JSONPointer) throws -> CGPoint {
        let v = try numbers(2, at: p, shape: "a point [x, y]")
        return CGPoint(x: v[0], y: v[1])
    }

    func size(at p: JSONPointer, allowNegative: Bool = false) throws -> CGSize {
        let v = try numbers(2, at: p, shape: "a size [w, h]")
        if !allowNegative { try JSONValue.requireNonNegative(v, at: p, names: ["width", "height"], start: 0) }
        return CGSize(width: v[0], height: v[1])
    }

    func rect(at p: JSONPointer, allowNegativeSize: Bool = false) throws -> CGRect {
        let v = try numbers(4, at: p, shape: "a rect [x, y, w, h]")
        if !allowNegativeSize { try JSONValue.requireNonNegative(v, at: p, names: ["width", "height"], start: 2) }
        return CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    private static func requireNonNegative(_ v: [Double], at p: JSONPointer, names: [String], start: Int) throws {
        for (k, name) in names.enumerated() where v[start + k] < 0 {
            throw SceneError(p / (start + k), "negative \(name) \(formatNumber(v[start + k])); sizes must be >= 0")
        }
    }

    /// One of `values` (an enum's raw names), listing them all when the string is not one.
    func name<T: RawRepresentable & CaseIterable>(_: T.Type, at p: JSONPointer, what: String) throws -> T
    where T.RawValue == String {
        let all = T.allCases.map(\.rawValue)
        guard case .string(let s) = self else { throw fail(p, expected: "a \(what) name (\(all.joined(separator: ", ")))") }
        guard let v = T(rawValue: s) else {
            var message = "unknown \(what) \(Echo.quoted(s)); expected one of \(all.joined(separator: ", "))"
            if let near = KeySuggestion.nearest(to: s, in: all) { message += " (did you mean \"\(near)\"?)" }
            throw SceneError(p, message)
        }
        return v
    }

    // MARK: Colours

    /// A colour: `#RGB`, `#RRGGBB`, `#RRGGBBAA`, `[r, g, b]`, `[r, g, b, a]` in 0...1, or a UIColor name.
    func color(at p: JSONPointer) throws -> Color {
        let expected = "a colour (\"#RRGGBB\", [r, g, b] or a name)"
        switch self {
        case .string(let s) where s.hasPrefix("#"):
            return try JSONValue.hexColor(s, at: p)
        case .string(let s):
            if let c = Color.named[s] ?? Color.systemNamed[s] { return c }
            var message = "unknown colour name \(Echo.quoted(s)); expected #RGB, #RRGGBB, #RRGGBBAA, one of "
                + Color.named.keys.sorted().joined(separator: ", ") + ", or a system colour (systemBlue, systemGray6, ...)"
            if let near = KeySuggestion.nearest(to: s, in: Array(Color.named.keys).sorted() + Color.systemNamed.keys.sorted()) {
                message += " (did you mean \"\(near)\"?)"
            }
            throw SceneError(p, message)
        case .array(let items) where items.count == 3 || items.count == 4:
            let c = try items.enumerated().map { try $1.number(at: p / $0, in: 0...1) }
            return Color(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 1)
        default:
            throw fail(p, expected: expected)
        }
    }

    /// A colour, or `null` for properties that may be nil.
    func optionalColor(at p: JSONPointer) throws -> Color? {
        if case .null = self { return nil }
        return try color(at: p)
    }

    private static func hexColor(_ s: String, at p: JSONPointer) throws -> Color {
        let hex = Array(s.dropFirst())
        let digits = hex.compactMap { $0.hexDigitValue }
        guard digits.count == hex.count, [3, 6, 8].contains(hex.count) else {
            throw SceneError(p, "bad colour \(Echo.quoted(s)): expected #RGB, #RRGGBB or #RRGGBBAA with hexadecimal digits")
        }
        let channels: [Double]
        if hex.count == 3 {
            channels = digits.map { Double($0 * 17) / 255 }
        } else {
            channels = stride(from: 0, to: digits.count, by: 2).map { Double(digits[$0] * 16 + digits[$0 + 1]) / 255 }
        }
        return Color(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 1)
    }

    // MARK: Transforms

    /// A transform: 16 numbers `[m11 ... m44]`, or a list of steps applied in order from the identity.
    func transform(at p: JSONPointer) throws -> Transform3D {
        let expected = "a transform (16 numbers, or a list of steps such as {\"rotate\": [angle, x, y, z]})"
        guard case .array(let items) = self else { throw fail(p, expected: expected) }
        // A list holding any number is a matrix; a list of objects is a list of steps.
        if items.contains(where: { if case .number = $0 { return true } else { return false } }) {
            guard items.count == 16 else {
                throw SceneError(p, "expected a 4x4 matrix of 16 numbers [m11, m12, ..., m44], found \(items.count) elements")
            }
            let e = try items.enumerated().map { try $1.number(at: p / $0) }
            return Transform3D(elements: e) ?? .identity
        }
        var t = Transform3D.identity
        for (i, step) in items.enumerated() {
            t = try JSONValue.apply(step, to: t, at: p / i)
        }
        return t
    }

    static let transformSteps = ["translate", "scale", "rotate", "rotateDegrees", "m34", "concat"]

    /// Applies one step exactly as the CATransform3D function it names does to `t`.
    private static func apply(_ step: JSONValue, to t: Transform3D, at p: JSONPointer) throws -> Transform3D {
        let names = transformSteps.joined(separator: ", ")
        if case .object(let fields) = step, fields.count > 1 {
            throw SceneError(p, "a transform step has one key, found \(fields.count) (\(fields.keys.sorted().joined(separator: ", "))); "
                + "write each as a step of its own, in the order they apply: [{\"translate\": [10, 0]}, {\"rotate\": [0.5, 0, 0, 1]}]")
        }
        guard case .object(let fields) = step, fields.count == 1, let (key, v) = fields.first else {
            throw step.fail(p, expected: "a transform step: an object with one key of \(names), such as {\"translate\": [10, 20]}")
        }
        let q = p / key
        switch key {
        case "translate":
            let n = try v.steps(q, counts: [2, 3], shape: "[tx, ty] or [tx, ty, tz]", example: "{\"translate\": [10, 20]}")
            return t.translated(n[0], n[1], n.count == 3 ? n[2] : 0)
        case "scale":
            let n = try v.steps(q, counts: [2, 3], shape: "[sx, sy] or [sx, sy, sz]", example: "{\"scale\": [2, 2]}") { x in
                "a uniform scale is [\(x), \(x)]"
            }
            return t.scaled(n[0], n[1], n.count == 3 ? n[2] : 1)
        case "rotate", "rotateDegrees":
            let unit = key == "rotate" ? "radians" : "degrees"
            let n = try v.steps(q, counts: [4], shape: "[angle, x, y, z] (\(unit) about the axis x, y, z)",
                                example: "{\"\(key)\": [\(key == "rotate" ? "0.5" : "30"), 0, 0, 1]}") { x in
                "a rotation in the plane is about the z axis: [\(x), 0, 0, 1]"
            }
            let angle = key == "rotate" ? n[0] : n[0] * .pi / 180
            return t.rotated(angle, n[1], n[2], n[3])
        case "m34":
            var r = t
            r.m34 = try v.number(at: q)
            return r
        case "concat":
            return t.concatenating(try v.transform(at: q))
        default:
            var message = "unknown transform step \(Echo.quoted(key)); expected one of \(names)"
            if let habit = stepHabits[key] {
                message += " (\(habit))"
            } else if let near = KeySuggestion.nearest(to: key, in: transformSteps) {
                message += " (did you mean \"\(near)\"?)"
            }
            throw SceneError(q, message)
        }
    }

    /// Transform functions as CSS and SwiftUI write them, and the step that does the same.
    static let stepHabits: [String: String] = [
        "rotateX": "about the x axis: {\"rotate\": [angle, 1, 0, 0]}",
        "rotateY": "about the y axis: {\"rotate\": [angle, 0, 1, 0]}",
        "rotateZ": "about the z axis: {\"rotate\": [angle, 0, 0, 1]}",
        "rotation": "{\"rotate\": [angle, 0, 0, 1]} in radians, or {\"rotateDegrees\": [30, 0, 0, 1]}",
        "translateX": "{\"translate\": [tx, 0]}", "translateY": "{\"translate\": [0, ty]}",
        "translateZ": "{\"translate\": [0, 0, tz]}",
        "scaleX": "{\"scale\": [sx, 1]}", "scaleY": "{\"scale\": [1, sy]}", "scaleZ": "{\"scale\": [1, 1, sz]}",
        "perspective": "perspective is {\"m34\": -1/d}, e.g. {\"m34\": -0.002} for an eye 500 points away",
        "matrix": "a whole matrix is the transform's 16 numbers, or a step {\"concat\": [16 numbers]}",
        "matrix3d": "a whole matrix is the transform's 16 numbers, or a step {\"concat\": [16 numbers]}",
    ]

    /// A step's numbers: `counts` of them, described as `shape` with `example` when refused; `single` words a
    /// hint for a lone number written where the list goes.
    private func steps(_ p: JSONPointer, counts: [Int], shape: String, example: String,
                       single: ((String) -> String)? = nil) throws -> [Double] {
        guard case .array(let items) = self, counts.contains(items.count) else {
            var message = "expected \(shape), e.g. \(example), found \(kindDescription)"
            if case .number(let x) = self, let single { message += "; \(single(formatNumber(x)))" }
            throw SceneError(p, message)
        }
        return try items.enumerated().map { try $1.number(at: p / $0) }
    }

    /// An affine transform `[a, b, c, d, tx, ty]`, as a 2D `Transform3D`.
    func affineTransform(at p: JSONPointer) throws -> Transform3D {
        let v = try numbers(6, at: p, shape: "an affine transform [a, b, c, d, tx, ty]")
        return Transform3D(affine: CGAffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]))
    }

    /// Screen names of corners, as UIKit's UIRectCorner spells them, and their CACornerMask names on iOS.
    static let screenCorners = ["topLeft": "minXMinY", "topRight": "maxXMinY", "bottomLeft": "minXMaxY",
                                "bottomRight": "maxXMaxY"]

    /// A list of corner names as a CACornerMask.
    func corners(at p: JSONPointer) throws -> CornerMask {
        let names = CornerMask.names.map(\.0)
        guard case .array(let items) = self else { throw fail(p, expected: "a list of corners (\(names.joined(separator: ", ")))") }
        var mask: CornerMask = []
        for (i, item) in items.enumerated() {
            guard case .string(let s) = item, let corner = CornerMask.names.first(where: { $0.0 == s })?.1 else {
                var message = "unknown corner \(item.kindDescription); expected one of \(names.joined(separator: ", "))"
                if case .string(let s) = item, let screen = JSONValue.screenCorners[s] {
                    message += " (CACornerMask names corners by coordinates: on iOS, where y grows downwards, "
                        + "\(s) is \"\(screen)\")"
                } else if case .string(let s) = item, let near = KeySuggestion.nearest(to: s, in: names) {
                    message += " (did you mean \"\(near)\"?)"
                }
                throw SceneError(p / i, message)
            }
            mask.insert(corner)
        }
        return mask
    }
}

/// A number as messages print it: integers without a fraction, others in Swift's shortest form.
func formatNumber(_ x: Double) -> String {
    if x.rounded() == x, abs(x) < 1e15 { return String(Int(x)) }
    return "\(x)"
}
