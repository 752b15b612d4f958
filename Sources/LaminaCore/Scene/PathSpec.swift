import Foundation
import LaminaGeometry

/// A path value as the scene states it, before it is built into a `Path`.
///
/// Decoding the value and building the path are separate steps so that the builders (and the SVG parser)
/// live in one place, `makePath(_:pointer:)`.
indirect enum PathSpec: Equatable {
    case svg(String)
    case rect(CGRect)
    case ellipse(CGRect)
    case roundedRect(CGRect, radius: Double, corners: CornerMask)
    case list([PathSpec])
}

extension SceneReader {
    /// A path value or `null`, built into a `Path`.
    func optionalPath(_ v: JSONValue, at p: JSONPointer) throws -> Path? {
        if case .null = v { return nil }
        return try makePath(try pathSpec(v, at: p, allowList: true), pointer: p)
    }

    /// An SVG path-data string, `{"rect": r}`, `{"ellipse": r}`, `{"roundedRect": r, "radius": x,
    /// "corners": [...]}`, or (at the top) a list of these.
    func pathSpec(_ v: JSONValue, at p: JSONPointer, allowList: Bool) throws -> PathSpec {
        let expected = "a path (SVG path data, {\"rect\": ...}, {\"ellipse\": ...}, {\"roundedRect\": ...}"
            + (allowList ? " or a list of these)" : ")")
        switch v {
        case .string(let s):
            return .svg(s)
        case .array(let items) where allowList:
            return .list(try items.enumerated().map { try pathSpec($1, at: p / $0, allowList: false) })
        case .object:
            let f = try fields(v, at: p, what: expected)
            if f.has("rect") {
                try f.rejectUnknown(["rect"])
                return .rect(try f["rect"].map { try $0.rect(at: p / "rect") } ?? .zero)
            }
            if f.has("ellipse") {
                try f.rejectUnknown(["ellipse"])
                return .ellipse(try f["ellipse"].map { try $0.rect(at: p / "ellipse") } ?? .zero)
            }
            if f.has("roundedRect") {
                try f.rejectUnknown(["roundedRect", "radius", "corners"])
                let rect = try f["roundedRect"].map { try $0.rect(at: p / "roundedRect") } ?? .zero
                let radius = try f.read("radius") { try $0.nonNegative(at: $1) } ?? 0
                let corners = try f.read("corners") { try $0.corners(at: $1) } ?? .all
                return .roundedRect(rect, radius: radius, corners: corners)
            }
            guard !f.values.isEmpty else { throw v.fail(p, expected: expected) }
            // No shape key: each key is refused as unknown (with a suggestion), and the path is left out.
            try f.rejectUnknown(["rect", "ellipse", "roundedRect"])
            throw SceneErrorLog.Reported()
        default:
            throw v.fail(p, expected: expected)
        }
    }
}
