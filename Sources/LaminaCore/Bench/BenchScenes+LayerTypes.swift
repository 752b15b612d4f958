import Foundation

/// Bench scenes of the specialised layer types: gradients and replicators.
extension BenchScenes {
    /// `count` rounded cards filled with two- or three-stop axial gradients in random directions, some
    /// with a translucent stop: one gradient operation per card.
    public static func gradientCards(count: Int) -> BenchScene {
        BenchScene(name: "gradient-cards-\(count)", summary: "\(count) rounded cards filled with axial gradients",
                   layerCount: count) { scene, rng in
            for i in 0..<count {
                let w = rng.whole(80, 220), h = rng.whole(60, 160)
                let card = GradientLayer()
                card.name = "gradient\(i)"
                card.frame = CGRect(x: rng.whole(0, 1920 - Int(w)), y: rng.whole(0, 1080 - Int(h)), width: w, height: h)
                card.cornerRadius = rng.whole(8, 24)
                var colors = [rng.color8(), rng.color8()]
                if i % 3 == 0 { colors.append(rng.color8(alpha: 0.5)) }
                card.colors = colors
                card.startPoint = CGPoint(x: rng.unit(), y: rng.unit())
                card.endPoint = CGPoint(x: rng.unit(), y: rng.unit())
                scene.root.addSublayer(card)
            }
        }
    }

    /// A replicator of `count` instances of one bordered card, each turned and moved along a spiral and
    /// shifted in colour: `count` operations planned from one sublayer.
    public static func replicator(count: Int) -> BenchScene {
        // Two layers in the tree (the replicator and its card); the planner makes `count` operations of them.
        BenchScene(name: "replicator-\(count)", summary: "a replicator of \(count) instances of a bordered card on a spiral",
                   layerCount: 2) { scene, rng in
            let replicator = ReplicatorLayer()
            replicator.frame = CGRect(x: 0, y: 0, width: 1920, height: 1080)
            replicator.instanceCount = count
            replicator.instanceTransform = Transform3D.identity
                .rotated(2 * Double.pi * 0.618 / 13, 0, 0, 1).scaled(0.998, 0.998, 1)
            replicator.instanceRedOffset = -0.8 / Double(count)
            replicator.instanceBlueOffset = -0.5 / Double(count)
            let card = Layer()
            card.frame = CGRect(x: 960 + 60, y: 540 - 380, width: 80, height: 56)
            styleCard(card, &rng, radius: 10, border: 2)
            replicator.addSublayer(card)
            scene.root.addSublayer(replicator)
        }
    }
}
