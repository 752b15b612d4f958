import Foundation
import LaminaGraph
import LaminaGeometry

/// Animations as the scene's `animations` list (scene-format.md, "Time and animations"): every kind, with
/// its CAMediaTiming keys, and a transition with its old appearance as `from`.
extension SceneEncoder {
    func animation(_ a: LayerAnimation, layer: Layer, path: String, _ state: inout State, indent: String) throws -> String {
        var o = JSONObjectText()
        if !a.key.isEmpty { o["key"] = quoted(a.key) }
        switch a.kind {
        case .basic: o["type"] = quoted("basic")
        case .keyframe: o["type"] = quoted("keyframe")
        case .spring: o["type"] = quoted("spring")
        case .group: o["type"] = quoted("group")
        case .transition: o["type"] = quoted("transition")
        }
        if let keyPath = a.keyPath { o["keyPath"] = quoted(keyPath.name) }
        timing(a, into: &o)
        switch a.kind {
        case let .basic(from, to, by):
            ends(from, to, by, into: &o)
        case let .spring(from, to, by, spring):
            ends(from, to, by, into: &o)
            o["mass"] = number(spring.mass); o["stiffness"] = number(spring.stiffness)
            o["damping"] = number(spring.damping); o["initialVelocity"] = number(spring.initialVelocity)
        case .keyframe(let k):
            keyframes(k, into: &o)
        case .group(let children):
            let items = try children.enumerated().map { i, child in
                try animation(child, layer: layer, path: path + "/animations/\(i)", &state, indent: indent + "  ")
            }
            o["animations"] = list(items, indent: indent)
        case .transition(let t):
            o["transitionType"] = quoted(t.style.rawValue)
            o["subtype"] = quoted(t.direction.rawValue)
            o["startProgress"] = number(t.startProgress)
            o["endProgress"] = number(t.endProgress)
            if let old = t.from { o["from"] = try oldAppearance(old, of: layer, path: path + "/from", &state, indent: indent) }
        }
        return o.text
    }

    private func timing(_ a: LayerAnimation, into o: inout JSONObjectText) {
        let t = a.timing
        if t.beginTime != 0 { o["beginTime"] = number(t.beginTime) }
        if t.duration != 0 { o["duration"] = number(t.duration) }
        if t.speed != 1 { o["speed"] = number(t.speed) }
        if t.timeOffset != 0 { o["timeOffset"] = number(t.timeOffset) }
        if t.repeatCount != 0 { o["repeatCount"] = t.repeatCount == .infinity ? quoted("infinity") : number(t.repeatCount) }
        if t.repeatDuration != 0 { o["repeatDuration"] = number(t.repeatDuration) }
        if t.autoreverses { o["autoreverses"] = "true" }
        if t.fillMode != .removed { o["fillMode"] = quoted(t.fillMode.rawValue) }
        if !t.removedOnCompletion { o["removedOnCompletion"] = "false" }
        if let f = a.timingFunction { o["timingFunction"] = timingFunction(f) }
        if a.isAdditive { o["additive"] = "true" }
        if a.isCumulative { o["cumulative"] = "true" }
    }

    private func timingFunction(_ f: TimingFunction) -> String { numbers([f.c1x, f.c1y, f.c2x, f.c2y]) }

    private func ends(_ from: AnimatableValue?, _ to: AnimatableValue?, _ by: AnimatableValue?, into o: inout JSONObjectText) {
        if let from { o["fromValue"] = value(from) }
        if let to { o["toValue"] = value(to) }
        if let by { o["byValue"] = value(by) }
    }

    private func keyframes(_ k: LayerAnimation.Keyframes, into o: inout JSONObjectText) {
        if let motion = k.path {
            o["path"] = quoted(motionPath(motion))
            if let mode = k.rotationMode { o["rotationMode"] = quoted(mode.rawValue) }
        } else {
            o["values"] = "[" + k.values.map(value).joined(separator: ", ") + "]"
        }
        if k.mode != .linear { o["calculationMode"] = quoted(k.mode.rawValue) }
        if let times = k.keyTimes { o["keyTimes"] = numbers(times) }
        if let functions = k.timingFunctions { o["timingFunctions"] = "[" + functions.map(timingFunction).joined(separator: ", ") + "]" }
        if k.path == nil {
            if let v = k.tension { o["tensionValues"] = numbers(v) }
            if let v = k.continuity { o["continuityValues"] = numbers(v) }
            if let v = k.bias { o["biasValues"] = numbers(v) }
        }
    }

    /// A motion path as SVG path data of its cubic segments, which `MotionPath` reads back segment for
    /// segment (a segment not starting where the last ended starts with a move).
    private func motionPath(_ m: MotionPath) -> String {
        func pt(_ q: CGPoint) -> String { "\(number(q.x)) \(number(q.y))" }
        var out: [String] = []
        var current: CGPoint?
        for (p0, c1, c2, p1) in m.segments {
            if current != p0 { out.append("M\(pt(p0))") }
            out.append("C\(pt(c1)) \(pt(c2)) \(pt(p1))")
            current = p1
        }
        return out.joined(separator: " ")
    }

    /// A value as the property's own value is written.
    func value(_ v: AnimatableValue) -> String {
        switch v {
        case .number(let x): return number(x)
        case .point(let p): return point(p)
        case .size(let s): return size(s)
        case .rect(let r): return rect(r)
        case .color(let c): return optionalColor(c)
        case .transform(let t): return transform(t)
        case .bool(let b): return bool(b)
        case .colors(let list): return "[" + list.map(color).joined(separator: ", ") + "]"
        case .numbers(let list): return numbers(list)
        case .path(let p): return optionalPath(p)
        }
    }

    /// A transition's old appearance: every key of the old layer (the decoder reads `from` over the layer's own
    /// keys, so none may be left to show through), and its sublayers and mask where it has its own.
    private func oldAppearance(_ old: LayerTransition.OldAppearance, of layer: Layer, path: String, _ state: inout State,
                               indent: String) throws -> String {
        let l = old.layer
        guard l.typeName == layer.typeName, Self.exports(l) else {
            throw EncodeError.unsupported(layer: Self.describe(layer, at: path), property: "from",
                                          reason: "the old appearance is a \(type(of: l)); the format reads it as the layer's own type")
        }
        var o = JSONObjectText()
        try keys(l, defaults: Self.defaults(for: l), full: true, into: &o, &state)
        try specificKeys(l, full: true, into: &o)
        if let commands = l.recordedDrawing() {
            o["drawing"] = list(try commands.map { try drawingCommand($0, &state) }, indent: indent + "  ")
        } else {
            o["drawing"] = "null"
        }
        if !old.sharesMask {
            o["mask"] = try l.mask.map { try self.layer($0, path: path + "/mask", &state, indent: indent + "  ") } ?? "null"
        }
        if !old.sharesSublayers {
            let subs = try l.sublayersValue.enumerated().map { i, s in
                try self.layer(s, path: path + "/sublayers/\(i)", &state, indent: indent + "  ")
            }
            o["sublayers"] = list(subs, indent: indent + "  ")
        }
        return o.text
    }
}
