import Foundation
import XCTest
@testable import LaminaCore
import LaminaGeometry
import LaminaGraph
import LaminaImage

/// A kept plan (`Planner.retained`) is handed out again exactly while nothing it was planned from changed,
/// and equals what planning again would give.
final class RetainedPlanTests: XCTestCase {
    private func json(_ graph: RenderGraph) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(graph)
    }

    /// A scene with one layer of every class that draws, nested, with a mask.
    private func makeScene() -> (Scene, [Layer]) {
        let scene = Scene(width: 120, height: 90, background: .white)
        let card = Layer()
        card.frame = CGRect(x: 5, y: 5, width: 60, height: 40)
        card.backgroundColor = .red
        card.cornerRadius = 6
        let shape = ShapeLayer()
        shape.frame = CGRect(x: 2, y: 2, width: 30, height: 30)
        shape.pathValue = Path(rect: CGRect(x: 0, y: 0, width: 20, height: 10))
        shape.strokeColor = .blue
        let gradient = GradientLayer()
        gradient.frame = CGRect(x: 60, y: 40, width: 40, height: 30)
        gradient.colorsValue = [.red, .blue]
        let replicator = ReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 50, width: 60, height: 30)
        replicator.instanceCount = 3
        replicator.instanceTransform = .translation(12, 0)
        let dot = Layer()
        dot.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        dot.backgroundColor = .green
        let text = TextLayer()
        text.frame = CGRect(x: 70, y: 5, width: 45, height: 20)
        text.stringValue = "Hi"
        text.fontSize = 12
        let mask = Layer()
        mask.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
        mask.backgroundColor = .black
        let scroll = ScrollLayer()
        scroll.frame = CGRect(x: 90, y: 60, width: 20, height: 20)
        card.addSublayer(shape)
        card.mask = mask
        replicator.addSublayer(dot)
        for l in [card, gradient, replicator, text, scroll] { scene.root.addSublayer(l) }
        return (scene, [card, shape, gradient, replicator, dot, text, mask, scroll])
    }

    func testAnUnchangedTreeIsPlannedOnce() throws {
        let (scene, _) = makeScene()
        var planner = Planner()
        planner.retained = RetainedPlan()
        let first = try planner.plan(scene)
        let second = try planner.plan(scene)
        XCTAssertEqual(planner.retained?.reuses, 1)
        XCTAssertEqual(try json(second), try json(first))
        XCTAssertEqual(try json(second), try json(Planner().plan(scene)), "the kept plan is the plan")
    }

    /// Every stored property of every layer class either counts its changes or is named here as one that
    /// cannot change a picture; a property added later fails this test until it is one or the other.
    func testEveryPropertyThatCanChangeAPictureMakesAPlanAgain() throws {
        // Held and not drawn: the tree's back links, bookkeeping, and the tiles' and particles' settings
        // (CATiledLayer draws its whole store at once; CAEmitterLayer draws no particles).
        let notDrawn: Set<String> = ["superlayer", "needsDisplayFlag", "addedAnimations", "revision", "drawnStore",
                                     "tileSize", "levelsOfDetail", "levelsOfDetailBias", "emitterCells", "birthRate",
                                     "lifetime", "emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth",
                                     "emitterShape", "emitterMode", "renderMode", "velocity", "scale", "spin", "seed"]
        let (scene, layers) = makeScene()
        var seen = Set<String>()
        for layer in layers + [TransformLayer(), CATiledLayer(), CAEmitterLayer()] {
            var mirror: Mirror? = Mirror(reflecting: layer)
            while let m = mirror {
                for child in m.children { if let label = child.label { seen.insert(label) } }
                mirror = m.superclassMirror
            }
        }
        let changes = RetainedPlanTests.changes
        XCTAssertEqual(Set(changes.keys).subtracting(seen).sorted(), [], "tested, but not a stored property")
        XCTAssertEqual(seen.subtracting(notDrawn).subtracting(changes.keys).sorted(), [],
                       "stored properties neither tested for a new plan nor named as not drawn")
        var planner = Planner()
        planner.retained = RetainedPlan()
        _ = try planner.plan(scene)
        for (name, change) in changes.sorted(by: { $0.key < $1.key }) {
            guard let layer = layers.first(where: { change.applies($0) }) else {
                XCTFail("no layer of the scene has \(name)")
                continue
            }
            let before = planner.retained?.reuses ?? 0
            change.apply(layer)
            let graph = try planner.plan(scene)
            XCTAssertEqual(planner.retained?.reuses, before, "\(name) set: planned again")
            XCTAssertEqual(try json(graph), try json(Planner().plan(scene)), "\(name)")
            _ = try planner.plan(scene)
            XCTAssertEqual(planner.retained?.reuses, before + 1, "\(name): the new plan is kept")
        }
    }

    func testAddingRemovingOrMovingALayerMakesAPlanAgain() throws {
        let (scene, layers) = makeScene()
        var planner = Planner()
        planner.retained = RetainedPlan()
        _ = try planner.plan(scene)
        let extra = Layer()
        extra.frame = CGRect(x: 1, y: 1, width: 5, height: 5)
        extra.backgroundColor = .blue
        let edits: [(String, () -> Void)] = [
            ("added deep", { layers[1].addSublayer(extra) }),
            ("moved", { layers[4].addSublayer(extra) }),
            ("removed", { extra.removeFromSuperlayer() }),
            ("mask removed", { layers[0].mask = nil }),
            ("reordered", { scene.root.insertSublayer(layers[2], at: 0) }),
        ]
        for (name, edit) in edits {
            let before = planner.retained?.reuses ?? 0
            edit()
            let graph = try planner.plan(scene)
            XCTAssertEqual(planner.retained?.reuses, before, name)
            XCTAssertEqual(try json(graph), try json(Planner().plan(scene)), name)
        }
    }

    /// A layer drawn by the user's code is drawn by it at every plan (it may draw something else each time).
    func testUserDrawingIsNeverKept() throws {
        final class Counter: LayerDelegate {
            var calls = 0
            func draw(_ layer: Layer, in ctx: DrawingContext) {
                calls += 1
                ctx.setFillColor(.red)
                ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            }
        }
        let (scene, layers) = makeScene()
        let counter = Counter()
        layers[0].delegate = counter
        var planner = Planner()
        planner.retained = RetainedPlan()
        for _ in 0..<3 { _ = try planner.plan(scene) }
        XCTAssertEqual(planner.retained?.reuses, 0)
        XCTAssertEqual(counter.calls, 3)

        layers[0].delegate = nil
        var drawn = 0
        layers[5].draw = { ctx in drawn += 1; ctx.setFillColor(.blue); ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2)) }
        for _ in 0..<3 { _ = try planner.plan(scene) }
        XCTAssertEqual(planner.retained?.reuses, 0)
        XCTAssertEqual(drawn, 3)

        layers[5].draw = nil
        layers[5].drawing = [.setFillColor(.green), .fillRect(CGRect(x: 0, y: 0, width: 3, height: 3))]
        for _ in 0..<3 { _ = try planner.plan(scene) }
        XCTAssertEqual(planner.retained?.reuses, 2, "recorded commands are values: kept")
    }

    func testTimeCanvasAndSettingsAreTheKeys() throws {
        let (scene, layers) = makeScene()
        var planner = Planner()
        planner.retained = RetainedPlan()
        planner.time = 0.5
        _ = try planner.plan(scene)
        planner.time = 0.75
        _ = try planner.plan(scene)
        XCTAssertEqual(planner.retained?.reuses, 1, "no animations: every time is one picture")

        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 0
        slide.toValue = 50
        slide.duration = 1
        layers[2].add(slide, forKey: "slide")
        let moving = try planner.plan(scene)
        XCTAssertEqual(planner.retained?.reuses, 1)
        _ = try planner.plan(scene)
        XCTAssertEqual(planner.retained?.reuses, 2, "same time: kept")
        planner.time = 0.25
        let earlier = try planner.plan(scene)
        XCTAssertEqual(planner.retained?.reuses, 2, "another time of an animated tree: planned again")
        XCTAssertNotEqual(try json(earlier), try json(moving))
        var fresh = Planner()
        fresh.time = 0.25
        XCTAssertEqual(try json(earlier), try json(fresh.plan(scene)))

        scene.background = .black
        _ = try planner.plan(scene)
        XCTAssertEqual(planner.retained?.reuses, 2, "canvas background changed")
        planner.cullsHidden = false
        _ = try planner.plan(scene)
        XCTAssertEqual(planner.retained?.reuses, 2, "planner setting changed")
        let (other, _) = makeScene()
        _ = try planner.plan(other)
        XCTAssertEqual(planner.retained?.reuses, 2, "another scene")
        _ = try planner.plan(other)
        XCTAssertEqual(planner.retained?.reuses, 3)
    }

    func testTheMaskAndATransitionsOldAppearanceAreRecorded() throws {
        let (scene, layers) = makeScene()
        var planner = Planner()
        planner.retained = RetainedPlan()
        _ = try planner.plan(scene)
        layers[6].backgroundColor = .red
        let masked = try planner.plan(scene)
        XCTAssertEqual(planner.retained?.reuses, 0, "the mask changed")
        XCTAssertEqual(try json(masked), try json(Planner().plan(scene)))

        let fade = CATransition()
        fade.duration = 1
        layers[2].add(fade, forKey: nil)
        (layers[2] as? GradientLayer)?.colorsValue = [.green, .white]
        planner.time = 0.5
        _ = try planner.plan(scene)
        guard case .transition(let t)? = layers[2].animations.last?.kind, let old = t.from?.layer else {
            return XCTFail("the transition keeps the old appearance")
        }
        old.backgroundColor = .blue
        let during = try planner.plan(scene)
        XCTAssertEqual(planner.retained?.reuses, 0, "the old appearance changed")
        var fresh = Planner()
        fresh.time = 0.5
        XCTAssertEqual(try json(during), try json(fresh.plan(scene)))
    }

    /// A subclass may draw from state of its own, which no revision counts: a tree holding one is planned
    /// every time, whether its `draw(in:)` draws or falls back to Layer's.
    func testASubclassOfTheUsersIsNeverKept() throws {
        final class Badge: Layer {
            var showsDot = false
            override func draw(in ctx: DrawingContext) {
                guard showsDot else { return super.draw(in: ctx) }
                ctx.setFillColor(.red)
                ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            }
        }
        let (scene, _) = makeScene()
        let badge = Badge()
        badge.frame = CGRect(x: 100, y: 70, width: 10, height: 10)
        scene.root.addSublayer(badge)
        var planner = Planner()
        planner.retained = RetainedPlan()
        _ = try planner.plan(scene)
        badge.showsDot = true
        let dotted = try planner.plan(scene)
        XCTAssertEqual(planner.retained?.reuses, 0)
        XCTAssertEqual(try json(dotted), try json(Planner().plan(scene)))
    }

    func testEveryPartOfTheKeyMakesAPlanAgain() throws {
        let (scene, _) = makeScene()
        var planner = Planner()
        planner.retained = RetainedPlan()
        let changes: [(String, (inout Planner) -> Void)] = [
            ("scale", { _ in scene.scale = 2 }),
            ("width", { _ in scene.width = 100 }),
            ("height", { _ in scene.height = 80 }),
            ("limits", { $0.limits.maxPasses -= 1 }),
            ("capabilities", { $0.capabilities = .unlimited }),
            ("shadow atlas", { $0.usesShadowAtlas.toggle() }),
            ("culling", { $0.cullsHidden.toggle() }),
        ]
        _ = try planner.plan(scene)
        for i in changes.indices {
            changes[i].1(&planner)
            let graph = try planner.plan(scene)
            XCTAssertEqual(planner.retained?.reuses, i, changes[i].0)
            var fresh = Planner(usesShadowAtlas: planner.usesShadowAtlas, limits: planner.limits,
                                capabilities: planner.capabilities)
            fresh.cullsHidden = planner.cullsHidden
            XCTAssertEqual(try json(graph), try json(fresh.plan(scene)), changes[i].0)
            _ = try planner.plan(scene)
            XCTAssertEqual(planner.retained?.reuses, i + 1, "\(changes[i].0): kept again")
        }
    }

    /// An animation anywhere in the tree, a mask's included, makes the time part of the key; a refused plan
    /// keeps nothing.
    func testAnimationsOnAMaskAndRefusedPlans() throws {
        let (scene, layers) = makeScene()
        let pulse = CABasicAnimation(keyPath: "opacity")
        pulse.fromValue = 0
        pulse.toValue = 1
        pulse.duration = 1
        layers[6].add(pulse, forKey: "pulse")
        var planner = Planner()
        planner.retained = RetainedPlan()
        planner.time = 0.2
        _ = try planner.plan(scene)
        planner.time = 0.6
        let later = try planner.plan(scene)
        XCTAssertEqual(planner.retained?.reuses, 0, "the mask animates: another time, another plan")
        var fresh = Planner()
        fresh.time = 0.6
        XCTAssertEqual(try json(later), try json(fresh.plan(scene)))

        let limits = planner.limits
        planner.limits.maxPasses = 1
        XCTAssertThrowsError(try planner.plan(scene), "a mask needs passes")
        planner.limits = limits
        let again = try planner.plan(scene)
        XCTAssertEqual(planner.retained?.reuses, 0, "nothing was kept from before the refusal")
        XCTAssertEqual(try json(again), try json(fresh.plan(scene)))
    }
}
