import Foundation
import LaminaGraph
import LaminaGeometry

/// The scene format's value kinds as JSON text (scene-format.md, "Values").
extension SceneEncoder {
    /// Swift's shortest form that reads back as the same Double: integers without a fraction, -0 as `-0.0`.
    /// A NaN or an infinity, which JSON cannot hold, is written as a string, so that the document's check
    /// refuses it at its key.
    func number(_ v: Double) -> String {
        guard v.isFinite else { return quoted("\(v)") }
        if v == 0 { return v.sign == .minus ? "-0.0" : "0" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }
    func number(_ v: CGFloat) -> String { number(Double(v)) }
    func numbers(_ values: [Double]) -> String { "[" + values.map(number).joined(separator: ", ") + "]" }
    func bool(_ b: Bool) -> String { b ? "true" : "false" }
    func point(_ p: CGPoint) -> String { "[\(number(p.x)), \(number(p.y))]" }
    func size(_ s: CGSize) -> String { "[\(number(s.width)), \(number(s.height))]" }
    func rect(_ r: CGRect) -> String {
        // The rect's own fields, not minX/width (which standardise a negative size).
        "[\(number(r.origin.x)), \(number(r.origin.y)), \(number(r.size.width)), \(number(r.size.height))]"
    }
    func color(_ c: Color) -> String {
        "[\(number(c.red)), \(number(c.green)), \(number(c.blue)), \(number(c.alpha))]"
    }
    func optionalColor(_ c: Color?) -> String { c.map(color) ?? "null" }
    /// A transform as its 16 elements.
    func transform(_ t: Transform3D) -> String { numbers(t.elements) }
    func corners(_ mask: CornerMask) -> String {
        "[" + CornerMask.names.filter { mask.contains($0.1) }.map { quoted($0.0) }.joined(separator: ", ") + "]"
    }
    func list(_ items: [String], indent: String) -> String {
        items.isEmpty ? "[]" : "[\n" + items.map { indent + "  " + $0 }.joined(separator: ",\n") + "\n" + indent + "]"
    }
    func optionalPath(_ p: Path?) -> String { p.map { quoted(svg($0)) } ?? "null" }
    /// SVG path data with absolute commands only (M, L, Q, C, Z), which the decoder reads back element for
    /// element.
    func svg(_ p: Path) -> String {
        func pt(_ q: CGPoint) -> String { "\(number(q.x)) \(number(q.y))" }
        return p.elements.map { e -> String in
            switch e {
            case .move(let a): return "M\(pt(a))"
            case .line(let a): return "L\(pt(a))"
            case .quad(let c, let a): return "Q\(pt(c)) \(pt(a))"
            case .cubic(let c1, let c2, let a): return "C\(pt(c1)) \(pt(c2)) \(pt(a))"
            case .close: return "Z"
            }
        }.joined(separator: " ")
    }
    func quoted(_ s: String) -> String { JSONText.quoted(s) }
}

/// A JSON object assembled from already-encoded values, keys in insertion order.
struct JSONObjectText {
    private var entries: [(String, String)] = []
    subscript(key: String) -> String? {
        get { entries.first { $0.0 == key }?.1 }
        set { if let v = newValue { entries.append((key, v)) } }
    }
    var text: String {
        "{" + entries.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }
}
