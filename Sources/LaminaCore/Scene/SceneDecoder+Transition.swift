import Foundation
import LaminaGeometry

/// A `transition` animation (CATransition): its style, direction, progress span and old appearance.
extension SceneReader {
    func transition(_ f: ObjectFields, owner: AnimatedLayer) throws -> LayerTransition {
        var t = LayerTransition()
        try f.set("transitionType", &t.style) { try $0.name(LayerTransition.Style.self, at: $1, what: "transition type") }
        if let v = f["subtype"], v != .null {
            t.direction = try v.name(LayerTransition.Direction.self, at: f.pointer / "subtype", what: "transition subtype")
        }
        try f.set("startProgress", &t.startProgress) { try $0.number(at: $1, in: 0...1) }
        try f.set("endProgress", &t.endProgress) { try $0.number(at: $1, in: 0...1) }
        if let from = f["from"], from != .null {
            t.from = try oldAppearance(from, at: f.pointer / "from", owner: owner)
        }
        return t
    }

    /// The layer as it was: its own keys with `from`'s written over them, read as a layer of its type. Its
    /// sublayers and mask are the layer's unless `from` gives its own; its animations are none (the old
    /// appearance is a still).
    private func oldAppearance(_ value: JSONValue, at p: JSONPointer, owner: AnimatedLayer) throws -> LayerTransition.OldAppearance {
        let f = try ObjectFields(value, at: p, what: "an object of the layer's properties as they were")
        if f.has("animations") {
            throw SceneError(p / "animations", "the old appearance is a still; its animations cannot be given")
        }
        if let type = f["type"], type != (owner.fields["type"] ?? .string("layer")) {
            throw SceneError(p / "type", "the old appearance is a layer of the same type as the layer")
        }
        var merged = owner.fields
        for key in ["animations", "sublayers", "mask"] { merged[key] = nil }
        if f.has("frame") { merged["bounds"] = nil; merged["position"] = nil }
        if f.has("bounds") || f.has("position") { merged["frame"] = nil }
        if f.has("affineTransform") { merged["transform"] = nil }
        if f.has("transform") { merged["affineTransform"] = nil }
        for (key, v) in f.values { merged[key] = v }
        let old = try layer(.object(merged), at: p, depth: owner.depth)
        return LayerTransition.OldAppearance(old, sharesSublayers: !f.has("sublayers"), sharesMask: !f.has("mask"))
    }
}
