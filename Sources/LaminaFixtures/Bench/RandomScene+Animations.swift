import Foundation
import LaminaGeometry
import LaminaGraph

/// Animations for the random scenes: a moment to draw the scene at and, on about a third of the cards, one
/// or two animations of the kinds Lamina renders (basic with a named or control-point timing function,
/// keyframes, springs, groups, transitions of every style and side; repeats, autoreverses, fills, additive offsets), drawn from a stream of their
/// own so the rest of every scene is what the same seed drew before.
extension RandomScene {
    /// The scene's moment, from its own stream.
    func sceneTime(seed: UInt64, index: Int) -> Double {
        var side = SplitMix64(seed: (seed &+ UInt64(index)) ^ 0x7133_A11A)
        return (side.uniform(0, 2) * 100).rounded() / 100
    }

    /// The `animations` key of card `card` in scene `index`, or nil for a still card.
    func animations(seed: UInt64, index: Int, card: Int, w: Double, h: Double) -> String? {
        var rng = SplitMix64(seed: (seed &* 31 &+ UInt64(index) &* 1_000_003 &+ UInt64(card)) ^ 0xA41A_7104)
        guard rng.unit() < 0.35 else { return nil }
        let list = (0..<Int(rng.whole(1, 2))).map { _ in animation(&rng, w: w, h: h) }
        return "\"animations\": [\(list.joined(separator: ", "))]"
    }

    private func animation(_ rng: inout SplitMix64, w: Double, h: Double) -> String {
        var keys: [String]
        switch Int(rng.whole(0, 7)) {
        case 0:
            keys = ["\"keyPath\": \"position\"", "\"byValue\": [\(n(rng.whole(-40, 40))), \(n(rng.whole(-30, 30)))]"]
        case 1:
            keys = ["\"keyPath\": \"opacity\"", "\"fromValue\": \(n(rng.uniform(0.2, 1)))", "\"toValue\": \(n(rng.uniform(0.2, 1)))"]
        case 2:
            keys = ["\"keyPath\": \"transform.rotation.z\"", "\"toValue\": \(n(rng.uniform(-3.2, 3.2)))"]
        case 3:
            keys = ["\"type\": \"keyframe\"", "\"keyPath\": \"backgroundColor\"",
                    "\"values\": [\(color(rng.sceneColor())), \(color(rng.sceneColor())), \(color(rng.sceneColor()))]"]
            if rng.unit() < 0.5 { keys.append("\"calculationMode\": \"discrete\"") }
        case 4:
            keys = ["\"type\": \"spring\"", "\"keyPath\": \"bounds.size.width\"", "\"fromValue\": \(n(w * 0.5))",
                    "\"toValue\": \(n(w))", "\"damping\": \(n(rng.uniform(4, 20)))"]
        case 5:
            keys = ["\"keyPath\": \"cornerRadius\"", "\"toValue\": \(n(rng.whole(0, 20)))"]
        case 6:
            let styles = ["fade", "moveIn", "push", "reveal"], sides = ["fromLeft", "fromRight", "fromTop", "fromBottom"]
            keys = ["\"type\": \"transition\"", "\"transitionType\": \"\(styles[Int(rng.whole(0, 3))])\"",
                    "\"subtype\": \"\(sides[Int(rng.whole(0, 3))])\"",
                    "\"from\": {\"backgroundColor\": \(color(rng.sceneColor())), \"cornerRadius\": \(n(rng.whole(0, 12)))}"]
        default:
            keys = ["\"type\": \"group\"", "\"animations\": [{\"keyPath\": \"borderWidth\", \"fromValue\": 0, \"toValue\": \(n(rng.uniform(1, 6)))}, {\"keyPath\": \"shadowRadius\", \"toValue\": \(n(rng.uniform(0, 6)))}]"]
        }
        keys.append("\"duration\": \(n(rng.uniform(0.3, 1.5)))")
        let timing = rng.unit()
        if timing < 0.5 {
            keys.append("\"timingFunction\": \"\(["easeIn", "easeOut", "easeInEaseOut", "default"][Int(rng.whole(0, 3))])\"")
        } else if timing < 0.7 {
            keys.append("\"timingFunction\": [\(n(rng.uniform(0, 1))), \(n(rng.uniform(-0.5, 1.5))), \(n(rng.uniform(0, 1))), \(n(rng.uniform(-0.5, 1.5)))]")
        }
        if rng.unit() < 0.3 { keys.append("\"repeatCount\": \(n(rng.uniform(1, 3)))") }
        if rng.unit() < 0.3 { keys.append("\"autoreverses\": true") }
        if rng.unit() < 0.3 { keys += ["\"fillMode\": \"both\"", "\"removedOnCompletion\": false"] }
        if rng.unit() < 0.2 { keys.append("\"beginTime\": \(n(rng.uniform(0, 0.8)))") }
        return "{" + keys.joined(separator: ", ") + "}"
    }
}
