import Foundation
import LaminaCore
import LaminaImage
import LaminaGeometry

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
            replicator.instanceRedOffsetValue = -0.8 / Double(count)
            replicator.instanceBlueOffsetValue = -0.5 / Double(count)
            let card = Layer()
            card.frame = CGRect(x: 960 + 60, y: 540 - 380, width: 80, height: 56)
            styleCard(card, &rng, radius: 10, border: 2)
            replicator.addSublayer(card)
            scene.root.addSublayer(replicator)
        }
    }
}

extension BenchScenes {
    /// A text-heavy screen: `labels` wrapped, justified or aligned text layers of 50 words each (2 000 words at
    /// 40 labels) in DejaVu Sans at 8 to 10 points, at contentsScale 2 on a 2x canvas, over rounded cards.
    /// `free`: each card moved by a fraction of a point on both axes, so the labels' stores are drawn at
    /// fractional pixel positions (filtered, as Core Animation draws a misaligned layer).
    public static func textLabels(labels: Int, free: Bool = false) -> BenchScene {
        BenchScene(name: free ? "text-labels-free-\(labels)" : "text-labels-\(labels)",
                   summary: "\(labels) wrapped text labels of 50 words each\(free ? ", at fractional positions" : "")",
                   layerCount: 2 * labels, scale: 2) { scene, rng in
            let words = ["layer", "compositor", "shadow", "render", "the", "of", "and", "animation", "bounds", "corner",
                         "a", "gradient", "path", "text", "opacity", "mask", "pixel", "frame", "scale", "sublayer"]
            let columns = 5
            let rows = (labels + columns - 1) / columns
            let cw = 1920.0 / 2 / Double(columns), ch = 1080.0 / 2 / Double(max(1, rows))
            for i in 0..<labels {
                let card = Layer()
                card.frame = CGRect(x: Double(i % columns) * cw + 4, y: Double(i / columns) * ch + 4,
                                    width: cw - 8, height: ch - 8)
                if free { card.frame = card.frame.offsetBy(dx: rng.uniform(0.05, 0.45), dy: rng.uniform(0.05, 0.45)) }
                card.backgroundColor = rng.color8(alpha: 1)
                card.cornerRadius = 8
                let label = TextLayer()
                label.frame = CGRect(x: 6, y: 4, width: cw - 20, height: ch - 16)
                label.string = (0..<50).map { _ in words[Int(rng.whole(0, words.count - 1))] }
                    .joined(separator: " ")
                label.font = "DejaVu Sans"
                label.fontSize = rng.whole(8, 10)
                label.foregroundColor = .black
                label.isWrapped = true
                label.alignmentMode = [.left, .justified, .center][i % 3]
                label.truncationMode = .end
                label.contentsScale = 2
                card.addSublayer(label)
                scene.root.addSublayer(card)
            }
        }
    }

    /// A screen of short interface labels, the text family as apps draw it: `count` text layers of one to
    /// three words in DejaVu Sans at 10 to 28 points on a 1x canvas, at fractional positions, each as tall as
    /// 1.2 to 1.4 lines of its font (mostly a fractional height, so its store is drawn scaled and filtered,
    /// as Core Animation draws a store of whole pixels into a fractional bounds).
    public static func uiLabels(count: Int) -> BenchScene {
        BenchScene(name: "ui-labels-\(count)", summary: "\(count) short labels at 10-28 pt at fractional positions",
                   layerCount: count) { scene, rng in
            let words = ["Settings", "Cancel", "Done", "Inbox", "Today", "Search", "Profile", "Share", "Photos", "Music",
                         "Messages", "Edit", "Delete", "Archive", "Reply", "Forward", "Album", "Library", "Weather", "Maps"]
            for i in 0..<count {
                let size = rng.whole(10, 28), width = rng.uniform(60, 240)
                let label = TextLayer()
                label.name = "label\(i)"
                label.frame = CGRect(x: rng.uniform(0, 1920 - width), y: rng.uniform(0, 1080 - 40), width: width,
                                     height: size * rng.uniform(1.2, 1.4))
                label.string = (0..<Int(rng.whole(1, 3))).map { _ in words[Int(rng.whole(0, words.count - 1))] }
                    .joined(separator: " ")
                label.font = "DejaVu Sans"
                label.fontSize = size
                label.foregroundColor = rng.color8(alpha: 1)
                label.alignmentMode = [.left, .center, .right][i % 3]
                label.truncationMode = .end
                scene.root.addSublayer(label)
            }
        }
    }
}
