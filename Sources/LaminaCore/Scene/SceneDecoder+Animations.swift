import Foundation
import LaminaGeometry
import LaminaGraph

/// A layer's CAMediaTiming keys and its animations (scene-format.md, "Time and animations").
extension SceneReader {
    /// Most animations one layer carries (a group's children count toward it).
    static let maxAnimations = 1000
    /// Most values one keyframe animation holds.
    static let maxKeyframes = 10_000
    /// Deepest nesting of animation groups.
    static let maxGroupDepth = 16

    static let animationKeys = ["key", "type", "keyPath", "beginTime", "duration", "speed", "timeOffset", "repeatCount",
                                "repeatDuration", "autoreverses", "fillMode", "removedOnCompletion", "timingFunction",
                                "additive", "cumulative"]
    static let animationTypes = ["basic", "keyframe", "spring", "group", "transition"]
    static let specificAnimationKeys: [String: [String]] = [
        "basic": ["fromValue", "toValue", "byValue"],
        "keyframe": ["values", "keyTimes", "timingFunctions", "calculationMode", "tensionValues", "continuityValues",
                     "biasValues", "path", "rotationMode"],
        "spring": ["fromValue", "toValue", "byValue", "mass", "stiffness", "damping", "initialVelocity"],
        "group": ["animations"],
        "transition": ["transitionType", "subtype", "from", "startProgress", "endProgress"],
    ]

    /// The layer an animation list belongs to, as a transition's old appearance is read from it: its own
    /// keys (under which `from` writes the old values) and its nesting depth.
    struct AnimatedLayer {
        let layer: Layer
        let fields: JSONObject
        let depth: Int
    }

    /// `beginTime`, `timeOffset`, `speed` and `animations` of a layer.
    func timing(_ f: ObjectFields, _ l: Layer, depth: Int = 1) throws {
        try f.set("beginTime", &l.beginTime) { try $0.number(at: $1) }
        try f.set("timeOffset", &l.timeOffset) { try $0.number(at: $1) }
        try f.set("speed", &l.speed) { try $0.number(at: $1) }
        if let list = f["animations"] {
            var budget = SceneReader.maxAnimations
            let owner = AnimatedLayer(layer: l, fields: f.values, depth: depth)
            l.animations = try animationList(list, at: f.pointer / "animations", owner: owner, depth: 0, budget: &budget)
        }
    }

    private func animationList(_ value: JSONValue, at p: JSONPointer, owner: AnimatedLayer, depth: Int,
                               budget: inout Int) throws -> [LayerAnimation] {
        guard case .array(let items) = value else { throw value.fail(p, expected: "a list of animations") }
        var out: [LayerAnimation] = []
        for (i, item) in items.enumerated() {
            budget -= 1
            guard budget >= 0 else {
                throw SceneError(p / i, "a layer carries over \(SceneReader.maxAnimations) animations (the limit, groups' children included)")
            }
            if let a = try attempt({ try animation(item, at: p / i, owner: owner, depth: depth, budget: &budget) }) { out.append(a) }
        }
        return out
    }

    private func animation(_ value: JSONValue, at p: JSONPointer, owner: AnimatedLayer, depth: Int,
                           budget: inout Int) throws -> LayerAnimation {
        let layer = owner.layer
        let f = try fields(value, at: p, what: "an animation object")
        let type = try f.read("type") { try $0.string(at: $1) } ?? "basic"
        guard let specific = SceneReader.specificAnimationKeys[type] else {
            var message = "unknown animation type \(Echo.quoted(type)); expected one of \(SceneReader.animationTypes.joined(separator: ", "))"
            if let near = KeySuggestion.nearest(to: type, in: SceneReader.animationTypes) { message += " (did you mean \"\(near)\"?)" }
            throw SceneError(p / "type", message)
        }
        try f.rejectUnknown(SceneReader.animationKeys + specific) { key in
            guard let owner = SceneReader.specificAnimationKeys.first(where: { $0.value.contains(key) })?.key else {
                return nil
            }
            return "\"\(key)\" is a key of \"\(owner)\" animations, and this animation's type is \"\(type)\""
        }
        let key = try f.read("key") { try $0.string(at: $1) } ?? ""
        var keyPath: AnimatedKeyPath?
        if type != "group" && type != "transition" { keyPath = try animatedKeyPath(f, layer: layer) }
        let kind: LayerAnimation.Kind
        switch type {
        case "group":
            guard depth < SceneReader.maxGroupDepth else {
                throw SceneError(p, "animation groups are nested more than \(SceneReader.maxGroupDepth) deep")
            }
            let children = try f.read("animations") { v, q in try self.animationList(v, at: q, owner: owner, depth: depth + 1, budget: &budget) }
            kind = .group(children ?? [])
        case "transition":
            kind = .transition(try transition(f, owner: owner))
        case "keyframe":
            kind = .keyframe(try keyframes(f, path: keyPath))
        default:
            let ends = try ["fromValue", "toValue", "byValue"].map { name in
                try f.read(name) { v, q in try self.animatedValue(v, at: q, kind: keyPath?.kind ?? .number) }
            }
            if type == "spring" {
                var spring = LayerAnimation.Spring()
                try f.set("mass", &spring.mass) { try $0.positive(at: $1) }
                try f.set("stiffness", &spring.stiffness) { try $0.positive(at: $1) }
                try f.set("damping", &spring.damping) { try $0.nonNegative(at: $1) }
                try f.set("initialVelocity", &spring.initialVelocity) { try $0.number(at: $1) }
                kind = .spring(from: ends[0], to: ends[1], by: ends[2], spring)
            } else {
                kind = .basic(from: ends[0], to: ends[1], by: ends[2])
            }
        }
        var a = LayerAnimation(key: key, keyPath: keyPath, kind: kind)
        try mediaTiming(f, &a)
        return a
    }

    /// The animation's key path, known and of a property this layer's type has.
    private func animatedKeyPath(_ f: ObjectFields, layer: Layer) throws -> AnimatedKeyPath {
        let name = try f.require("keyPath", missing: "missing \"keyPath\": the property the animation moves") { try $0.string(at: $1) }
        guard let path = AnimatedKeyPath.named(name) else {
            var message = "\(Echo.quoted(name)) is not a key path Lamina animates"
            if let near = KeySuggestion.nearest(to: name, in: AnimatedKeyPath.allNames) { message += "; did you mean \"\(near)\"?" }
            throw SceneError(f.pointer / "keyPath", message)
        }
        if let type = path.layerType, type != layer.typeName {
            throw SceneError(f.pointer / "keyPath", "\"\(name)\" is a property of \"\(type)\" layers, and this layer's type is \"\(layer.typeName)\"")
        }
        return path
    }

    private func keyframes(_ f: ObjectFields, path: AnimatedKeyPath?) throws -> LayerAnimation.Keyframes {
        let kind = path?.kind ?? .number
        if let spec = f["path"], spec != .null {
            return try motionKeyframes(f, spec, kind: kind)
        }
        guard let list = f["values"] else { throw SceneError(f.pointer, "missing \"values\": a keyframe animation's values") }
        guard case .array(let items) = list, !items.isEmpty else { throw list.fail(f.pointer / "values", expected: "a list of one value or more") }
        guard items.count <= SceneReader.maxKeyframes else {
            throw SceneError(f.pointer / "values", "\(items.count) values, over the limit of \(SceneReader.maxKeyframes)")
        }
        let values = try items.enumerated().map { try animatedValue($1, at: f.pointer / "values" / $0, kind: kind) }
        var k = LayerAnimation.Keyframes(values: values)
        if let mode = try f.read("calculationMode", { try $0.string(at: $1) }) {
            guard let known = LayerAnimation.Keyframes.Mode(rawValue: mode) else {
                let modes = LayerAnimation.Keyframes.Mode.allCases.map(\.rawValue).joined(separator: ", ")
                throw SceneError(f.pointer / "calculationMode", "unknown calculation mode \(Echo.quoted(mode)); expected one of \(modes)")
            }
            k.mode = known
        }
        k.keyTimes = try f.read("keyTimes") { v, q in
            guard case .array(let times) = v, times.count == values.count else {
                throw v.fail(q, expected: "a list of \(values.count) key times, one per value")
            }
            let parsed = try times.enumerated().map { try $1.number(at: q / $0, in: 0...1) }
            for i in parsed.indices.dropFirst() where parsed[i] < parsed[i - 1] {
                throw SceneError(q / i, "key times must not decrease: \(formatNumber(parsed[i])) after \(formatNumber(parsed[i - 1]))")
            }
            return parsed
        }
        for (name, target) in [("tensionValues", \LayerAnimation.Keyframes.tension), ("continuityValues", \.continuity),
                               ("biasValues", \.bias)] as [(String, WritableKeyPath<LayerAnimation.Keyframes, [Double]?>)] {
            k[keyPath: target] = try f.read(name) { v, q in
                guard case .array(let list) = v, list.count == values.count else {
                    throw v.fail(q, expected: "a list of \(values.count) numbers, one per value")
                }
                return try list.enumerated().map { try $1.number(at: q / $0) }
            }
        }
        k.timingFunctions = try f.read("timingFunctions") { v, q in
            guard case .array(let list) = v, list.count == max(1, values.count - 1) else {
                throw v.fail(q, expected: "a list of \(max(1, values.count - 1)) timing functions, one per segment")
            }
            return try list.enumerated().map { try self.timingFunction($1, at: q / $0) ?? .linear }
        }
        return k
    }

    /// A keyframe animation along a path: a point key path, the path's elements as its segments.
    private func motionKeyframes(_ f: ObjectFields, _ spec: JSONValue, kind: AnimatedKeyPath.Kind) throws -> LayerAnimation.Keyframes {
        guard kind == .point else {
            throw SceneError(f.pointer / "path", "a keyframe path moves a point; this animation's key path holds a \(kind.rawValue)")
        }
        guard let drawn = try optionalPath(spec, at: f.pointer / "path") else { return LayerAnimation.Keyframes(values: []) }
        let motion = MotionPath(drawn)
        var k = LayerAnimation.Keyframes(values: [.point(.zero)])
        k.path = motion.isEmpty ? nil : motion
        if let mode = try f.read("calculationMode", { try $0.string(at: $1) }) {
            guard let known = LayerAnimation.Keyframes.Mode(rawValue: mode) else {
                throw SceneError(f.pointer / "calculationMode", "unknown calculation mode \(Echo.quoted(mode))")
            }
            k.mode = known
        }
        k.keyTimes = try f.read("keyTimes") { v, q in
            guard case .array(let times) = v else { throw v.fail(q, expected: "a list of key times") }
            return try times.enumerated().map { try $1.number(at: q / $0, in: 0...1) }
        }
        k.timingFunctions = try f.read("timingFunctions") { v, q in
            guard case .array(let list) = v else { throw v.fail(q, expected: "a list of timing functions") }
            return try list.enumerated().map { try self.timingFunction($1, at: q / $0) ?? .linear }
        }
        k.rotationMode = try f.read("rotationMode") { v, q in
            if v == .null { return nil }
            return try v.name(MotionPath.Rotation.self, at: q, what: "rotation mode")
        } ?? nil
        if k.path == nil { k.values = [] }
        return k
    }

    private func mediaTiming(_ f: ObjectFields, _ a: inout LayerAnimation) throws {
        try f.set("beginTime", &a.timing.beginTime) { try $0.number(at: $1) }
        try f.set("duration", &a.timing.duration) { try $0.nonNegative(at: $1) }
        try f.set("speed", &a.timing.speed) { try $0.number(at: $1) }
        try f.set("timeOffset", &a.timing.timeOffset) { try $0.number(at: $1) }
        try f.set("repeatCount", &a.timing.repeatCount) { v, q in
            if case .string("infinity") = v { return .infinity }
            return try v.nonNegative(at: q)
        }
        try f.set("repeatDuration", &a.timing.repeatDuration) { try $0.nonNegative(at: $1) }
        try f.set("autoreverses", &a.timing.autoreverses) { try $0.bool(at: $1) }
        try f.set("fillMode", &a.timing.fillMode) { try $0.name(MediaTiming.FillMode.self, at: $1, what: "fill mode") }
        try f.set("removedOnCompletion", &a.timing.removedOnCompletion) { try $0.bool(at: $1) }
        try f.set("additive", &a.isAdditive) { try $0.bool(at: $1) }
        try f.set("cumulative", &a.isCumulative) { try $0.bool(at: $1) }
        try f.set("timingFunction", &a.timingFunction) { try self.timingFunction($0, at: $1) }
    }

    /// null (linear), a name, or four control-point numbers `[c1x, c1y, c2x, c2y]`, x within 0...1.
    func timingFunction(_ v: JSONValue, at p: JSONPointer) throws -> TimingFunction? {
        switch v {
        case .null: return nil
        case .string(let name):
            guard let f = TimingFunction.named[name] else {
                let names = TimingFunction.named.keys.sorted()
                throw SceneError(p, "unknown timing function \(Echo.quoted(name)); expected one of \(names.joined(separator: ", ")) or four control-point numbers")
            }
            return f
        default:
            let c = try v.numbers(4, at: p, shape: "[c1x, c1y, c2x, c2y]")
            for i in [0, 2] where !(0...1).contains(c[i]) {
                throw SceneError(p / i, "a control point's x must be in 0...1, found \(formatNumber(c[i]))")
            }
            return TimingFunction(c[0], c[1], c[2], c[3])
        }
    }

    /// A value of the key path's kind, written as the property's own value is.
    func animatedValue(_ v: JSONValue, at p: JSONPointer, kind: AnimatedKeyPath.Kind) throws -> AnimatableValue {
        switch kind {
        case .number: return .number(try v.number(at: p))
        case .point: return .point(try v.point(at: p))
        case .size: return .size(try v.size(at: p, allowNegative: true))
        case .rect: return .rect(try v.rect(at: p, allowNegativeSize: true))
        case .color: return .color(try v.optionalColor(at: p))
        case .transform: return .transform(try v.transform(at: p))
        case .bool: return .bool(try v.bool(at: p))
        case .path: return .path(try optionalPath(v, at: p))
        case .colors, .numbers:
            guard case .array(let items) = v, items.count <= SceneReader.maxGradientStops else {
                throw v.fail(p, expected: "a list of at most \(SceneReader.maxGradientStops) \(kind == .colors ? "colours" : "numbers")")
            }
            if kind == .colors { return .colors(try items.enumerated().map { try $1.color(at: p / $0) }) }
            return .numbers(try items.enumerated().map { try $1.number(at: p / $0) })
        }
    }
}
