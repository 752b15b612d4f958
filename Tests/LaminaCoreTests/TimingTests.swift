import Foundation
import LaminaGeometry
import LaminaGraph
@testable import LaminaCore
import LaminaTestSupport
import XCTest

/// The timing model: CAMediaTiming, timing functions, interpolation by decomposition, and the presentation
/// tree the planner draws.
final class TimingTests: XCTestCase {
    func testTimingFunctions_areTheirBeziers() {
        XCTAssertEqual(TimingFunction.linear(0.3), 0.3)
        XCTAssertEqual(TimingFunction.easeInEaseOut(0.5), 0.5, accuracy: 1e-9, "symmetric about the middle")
        XCTAssertEqual(TimingFunction.easeIn(0), 0)
        XCTAssertEqual(TimingFunction.easeOut(1), 1)
        // Any point of the curve: y at the x of a parameter s is the curve's y at s.
        let f = TimingFunction(0.3, 0.9, 0.6, 0.2)
        for s in stride(from: 0.05, to: 1, by: 0.1) {
            let u = 1 - s
            let x = 3 * u * u * s * 0.3 + 3 * u * s * s * 0.6 + s * s * s
            let y = 3 * u * u * s * 0.9 + 3 * u * s * s * 0.2 + s * s * s
            XCTAssertEqual(f(x), y, accuracy: 1e-9, "s \(s)")
        }
        var last = 0.0
        for x in stride(from: 0.0, through: 1, by: 0.01) {
            let y = TimingFunction.default(x)
            XCTAssertGreaterThanOrEqual(y, last - 1e-12)
            last = y
        }
    }

    func testMediaTiming_repeatsReversesFillsAndRemoves() throws {
        var t = MediaTiming()
        XCTAssertEqual(t.simpleDuration, 0.25, "a duration of 0 is 0.25 s")
        t.duration = 1
        XCTAssertEqual(try XCTUnwrap(t.progress(at: 0.25)).progress, 0.25)
        XCTAssertNil(t.progress(at: 1.5), "removed on completion")
        XCTAssertNil(t.progress(at: -0.1), "not yet begun, no backwards fill")
        t.removedOnCompletion = false
        XCTAssertNil(t.progress(at: 1.5), "kept but not filled forwards")
        t.fillMode = .forwards
        XCTAssertEqual(try XCTUnwrap(t.progress(at: 1.5)).progress, 1)
        t.fillMode = .both
        XCTAssertEqual(try XCTUnwrap(t.progress(at: -1)).progress, 0)
        t.repeatCount = 2.5
        XCTAssertEqual(try XCTUnwrap(t.progress(at: 1.25)).progress, 0.25, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(t.progress(at: 1.25)).iteration, 1)
        XCTAssertEqual(try XCTUnwrap(t.progress(at: 9)).progress, 0.5, accuracy: 1e-12, "held where the half repeat ends")
        t.repeatCount = 1
        t.autoreverses = true
        XCTAssertEqual(try XCTUnwrap(t.progress(at: 1.5)).progress, 0.5, accuracy: 1e-12, "on the way back")
        XCTAssertEqual(try XCTUnwrap(t.progress(at: 3)).progress, 0, accuracy: 1e-12, "back at the start")
        t.autoreverses = false
        t.repeatCount = .infinity
        XCTAssertEqual(try XCTUnwrap(t.progress(at: 1000.75)).progress, 0.75, accuracy: 1e-9)
        t.repeatCount = 0
        t.beginTime = 2
        t.speed = 2
        t.timeOffset = 0.25
        XCTAssertEqual(try XCTUnwrap(t.progress(at: 2.25)).progress, 0.75, accuracy: 1e-12, "(0.25 x 2) + 0.25")
    }

    /// An animation's own timeOffset shifts its time within its active span, wrapping: the span itself
    /// does not move.
    func testTimeOffset_wrapsWithinTheActiveSpan() throws {
        var t = MediaTiming()
        t.duration = 1
        t.timeOffset = 0.5
        XCTAssertEqual(try XCTUnwrap(t.progress(at: 0)).progress, 0.5, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(t.progress(at: 0.75)).progress, 0.25, accuracy: 1e-12, "wrapped")
        XCTAssertNil(t.progress(at: 1), "ends where it would have without the offset")
    }

    /// Paced keyframes move at an even speed: key times follow the distance, whatever keyTimes say.
    func testPacedKeyframes_followTheDistance() {
        let k = LayerAnimation.Keyframes(values: [.number(0), .number(10), .number(40)], keyTimes: [0, 0.9, 1],
                                         mode: .paced)
        XCTAssertEqual(Presentation.keyframeValue(k, at: 0.25), .number(10))
        XCTAssertEqual(Presentation.keyframeValue(k, at: 0.5), .number(20))
        var linear = k
        linear.mode = .linear
        XCTAssertEqual(Presentation.keyframeValue(linear, at: 0.45), .number(5), "linear takes the key times")
    }

    /// Cubic keyframes: the Catmull-Rom spline through the values (end values as their own neighbours),
    /// and with tension 1 flat tangents (a smoothstep between each pair).
    func testCubicKeyframes_areTheKochanekBartelsSpline() {
        var k = LayerAnimation.Keyframes(values: [.number(0), .number(10), .number(0), .number(10)], mode: .cubic)
        func at(_ y: Double) -> Double {
            if case .number(let x) = Presentation.keyframeValue(k, at: y) { return x }
            return .nan
        }
        XCTAssertEqual(at(1.0 / 6), 5.625, accuracy: 1e-9)
        XCTAssertEqual(at(0.5), 5, accuracy: 1e-9)
        XCTAssertEqual(at(1.0 / 3), 10, accuracy: 1e-9, "through the values")
        k.tension = [1, 1, 1, 1]
        XCTAssertEqual(at(1.0 / 6), 5, accuracy: 1e-9)
    }

    /// A keyframe path: one segment per element in the linear modes, an even speed in the paced ones, and
    /// with rotationMode the layer turned to the tangent.
    func testKeyframePath_movesAlongTheElements_orAtAnEvenSpeed() throws {
        func layer(_ mode: String, _ t: Double) throws -> Layer {
            let s = try scene(#"""
                {"frame": [0, 0, 10, 10], "animations": [{"type": "keyframe", "keyPath": "position", "duration": 1,
                 "path": "M 0 0 L 300 0 L 300 100", "calculationMode": "\#(mode)", "rotationMode": "auto"}]}
                """#)
            _ = Presentation.apply(to: s, at: t)
            return try XCTUnwrap(s.root.sublayersValue.first)
        }
        let linear = try layer("linear", 0.75)
        XCTAssertEqual(Double(linear.position.x), 300, accuracy: 1e-9)
        XCTAssertEqual(Double(linear.position.y), 50, accuracy: 1e-9, "half-way along the second element")
        XCTAssertEqual(atan2(linear.transform.m12, linear.transform.m11), .pi / 2, accuracy: 1e-9, "turned to the tangent")
        let paced = try layer("paced", 0.25)
        XCTAssertEqual(Double(paced.position.x), 100, accuracy: 1e-6, "a quarter of the 400-point length")
        XCTAssertEqual(Double(paced.position.y), 0, accuracy: 1e-9)
    }

    func testDecomposition_roundTrips_andInterpolatesRotationsAlongTheSphere() throws {
        var rng = SplitMix64(seed: 9001)
        for _ in 0..<200 {
            let m = Transform3D.translation(rng.uniform(-50, 50), rng.uniform(-50, 50), rng.uniform(-5, 5))
                .concatenating(.rotation(rng.uniform(-3, 3), rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(0.1, 1)))
                .concatenating(.scale(rng.uniform(0.2, 3), rng.uniform(0.2, 3), rng.uniform(0.2, 3)))
            let back = try XCTUnwrap(DecomposedTransform(m)).matrix
            for (a, b) in zip(m.elements, back.elements) { XCTAssertEqual(a, b, accuracy: 1e-9) }
        }
        let quarter = Transform3D.rotation(.pi / 2, 0, 0, 1)
        let half = Transform3D.interpolate(.identity, quarter, 0.5)
        for (a, b) in zip(half.elements, Transform3D.rotation(.pi / 4, 0, 0, 1).elements) { XCTAssertEqual(a, b, accuracy: 1e-12) }
        let moved = Transform3D.interpolate(.identity, .translation(10, -4, 2), 0.25)
        XCTAssertEqual(moved.m41, 2.5, accuracy: 1e-12)
        XCTAssertEqual(moved.m42, -1, accuracy: 1e-12)
    }

    func testSpring_isTheDampedOscillator() {
        let s = LayerAnimation.Spring()
        XCTAssertEqual(s.position(at: 0), 0, accuracy: 1e-12)
        XCTAssertEqual(s.position(at: 10), 1, accuracy: 1e-6)
        // Integrate m x'' = -k (x - 1) - c x' finely and compare.
        var x = 0.0, v = 0.0
        let dt = 1e-5
        for _ in 0..<Int(0.5 / dt) {
            let a = (-100 * (x - 1) - 10 * v) / 1
            v += a * dt
            x += v * dt
        }
        XCTAssertEqual(s.position(at: 0.5), x, accuracy: 1e-3)
        XCTAssertGreaterThan(s.settlingDuration, 1)
    }

    private func scene(_ layer: String, time: Double? = nil) throws -> Scene {
        try SceneFixture.decode(SceneFixture.document(layers: "[\(layer)]", extra: time.map { #", "time": \#($0)"# } ?? ""))
    }

    /// The presentation values over the model's during a plan, the model's after.
    func testPresentation_appliesLayerTimeAndAnimations_andRestoresTheModel() throws {
        let s = try scene(#"""
            {"frame": [0, 0, 10, 10], "beginTime": 1, "speed": 2, "animations": [
              {"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1},
              {"keyPath": "position.x", "byValue": 7, "additive": true, "duration": 1, "fillMode": "both", "removedOnCompletion": false},
              {"key": "o", "keyPath": "opacity", "toValue": 0, "duration": 1},
              {"key": "o", "keyPath": "opacity", "values": [1, 0.5, 0.25], "keyTimes": [0, 0.5, 1], "type": "keyframe", "duration": 1},
              {"type": "group", "duration": 2, "animations": [
                {"keyPath": "cornerRadius", "fromValue": 0, "toValue": 10, "duration": 4}]}]}
            """#)
        let layer = try XCTUnwrap(s.root.sublayersValue.first)
        // Scene time 1.25: the layer's local time is (1.25 - 1) x 2 = 0.5.
        let p = Presentation.apply(to: s, at: 1.25)
        XCTAssertEqual(Double(layer.position.x), 50 + 3.5, accuracy: 1e-9, "the basic value, plus half of the additive 7")
        XCTAssertEqual(layer.opacity, 0.5, accuracy: 1e-9, "the later animation of key o replaced the earlier")
        XCTAssertEqual(layer.cornerRadius, 1.25, accuracy: 1e-9, "the group's child at the group's time, 0.5 of 4 s")
        p.restore()
        XCTAssertEqual(Double(layer.position.x), 5)
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertEqual(layer.cornerRadius, 0)
    }

    func testPausedSubtree_showsItsTimeOffset() throws {
        let s = try scene(#"""
            {"frame": [0, 0, 10, 10], "speed": 0, "timeOffset": 0.75, "sublayers": [
              {"frame": [0, 0, 10, 10], "animations": [{"keyPath": "opacity", "fromValue": 1, "toValue": 0, "duration": 1}]}]}
            """#)
        let child = try XCTUnwrap(s.root.sublayersValue.first?.sublayersValue.first)
        for t in [0.0, 3, 100] {
            let p = Presentation.apply(to: s, at: t)
            XCTAssertEqual(child.opacity, 0.25, accuracy: 1e-12, "at \(t)")
            p.restore()
        }
    }

    /// On both renderers an animated layer at a moment draws the bytes of the still layer where the
    /// animation puts it then.
    func testAnimatedScene_drawsTheStillSceneOfThatMoment() throws {
        let animated = try scene(#"""
            {"frame": [10, 10, 30, 20], "backgroundColor": "red", "cornerRadius": 4, "animations": [
              {"keyPath": "position", "fromValue": [25, 20], "toValue": [105, 60], "duration": 2, "timingFunction": "easeInEaseOut"},
              {"keyPath": "backgroundColor", "toValue": "blue", "duration": 2}]}
            """#, time: 0.5)
        let y = TimingFunction.easeInEaseOut(0.25)
        let still = try scene(#"""
            {"bounds": [0, 0, 30, 20], "position": [\#(25 + 80 * y), \#(20 + 40 * y)], "cornerRadius": 4,
             "backgroundColor": [\#(0.75), 0, \#(0.25), 1]}
            """#)
        try forEachBackend { backend, renderer in
            let a = try renderer.render(try Planner().plan(animated))
            let b = try renderer.render(try Planner().plan(still))
            XCTAssertEqual(a.pixels, b.pixels, "\(backend)")
            var at0 = Planner()
            at0.time = 0
            XCTAssertNotEqual(try renderer.render(try at0.plan(animated)).pixels, a.pixels, "\(backend): time moves it")
        }
    }

    /// Timing functions that overshoot, long cumulative repeats and nested speeds keep every presented value
    /// within what a scene may hold, at any time: no trap, no value past ±1e7, colours within 0...1.
    func testExtremeTimes_andOvershoots_stayBounded() throws {
        let s = try scene(#"""
            {"frame": [0, 0, 10, 10], "speed": 1e7, "sublayers": [{"frame": [0, 0, 10, 10], "speed": 1e7, "animations": [
              {"type": "keyframe", "keyPath": "backgroundColor", "values": ["red", "blue"], "calculationMode": "discrete",
               "timingFunction": [0.5, -5, 0.5, 5], "duration": 1, "repeatCount": "infinity"},
              {"keyPath": "position.x", "byValue": 1e7, "cumulative": true, "repeatCount": 1e6, "duration": 0.25},
              {"keyPath": "backgroundColor", "fromValue": "black", "toValue": "white", "timingFunction": [0.2, 8, 0.8, -8]}]}]}
            """#)
        let child = try XCTUnwrap(s.root.sublayersValue.first?.sublayersValue.first)
        for t in [-1e9, -0.1, 0, 0.03, 0.11, 1e3, 1e9, .infinity, .nan] {
            let p = Presentation.apply(to: s, at: t)
            XCTAssertLessThanOrEqual(abs(Double(child.position.x)), 1e7, "at \(t)")
            if let c = child.backgroundColor { XCTAssertTrue((0...1).contains(c.red) && (0...1).contains(c.alpha), "at \(t)") }
            p.restore()
            var planner = Planner()
            planner.time = t.isFinite ? t : nil
            XCTAssertNoThrow(try planner.plan(s))
        }
    }

    /// The spinner: instance k of a replicator sees the replicator's local time minus k x instanceDelay.
    func testInstanceDelay_shiftsEachInstancesTime() throws {
        let s = try scene(#"""
            {"type": "replicator", "frame": [0, 0, 100, 20], "instanceCount": 5, "instanceDelay": 0.1,
             "instanceTransform": [{"translate": [20, 0]}], "sublayers": [
              {"frame": [0, 0, 10, 10], "backgroundColor": "black", "animations": [
                {"keyPath": "opacity", "fromValue": 1, "toValue": 0, "duration": 1, "repeatCount": "infinity"}]}]}
            """#, time: 2.45)
        let graph = try Planner().plan(s)
        guard case .draw(let ops)? = graph.output?.content else { return XCTFail("a canvas") }
        XCTAssertEqual(ops.count, 5)
        for (k, op) in ops.enumerated() {
            guard case .solid(let c) = op.paint else { return XCTFail("solid") }
            // Local time 2.45 - 0.1 k, one second a cycle: opacity 1 - fract(2.45 - 0.1 k).
            let t = 2.45 - 0.1 * Double(k)
            XCTAssertEqual(c.a, 1 - (t - t.rounded(.down)), accuracy: 1e-6, "instance \(k)")
        }
        XCTAssertEqual(s.root.sublayersValue.first?.sublayersValue.first?.opacity, 1, "the model is back")
    }

    /// Core Animation's classes, as iOS code writes them, give the values the scene format's animations give.
    func testCoreAnimationSpelling_addsTheSameAnimations() throws {
        let s = Scene(width: 100, height: 100)
        let layer = Layer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        s.root.addSublayer(layer)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 0
        slide.toValue = 100
        slide.duration = 2
        slide.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        layer.add(slide, forKey: "slide")
        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.values = [1, 0.5, 0.25]
        fade.keyTimes = [0, 0.25, 1]
        fade.duration = 1
        fade.repeatCount = .infinity
        let spin = CASpringAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = Double.pi / 2
        spin.duration = 3
        let group = CAAnimationGroup()
        group.animations = [fade, spin]
        group.duration = 3
        layer.add(group, forKey: "group")
        XCTAssertEqual(layer.animationKeys(), ["slide", "group"])
        let p = Presentation.apply(to: s, at: 1.5)
        XCTAssertEqual(Double(layer.position.x), 100 * TimingFunction.easeInEaseOut(0.75), accuracy: 1e-9)
        XCTAssertEqual(layer.opacity, 0.5 - 0.25 * (0.5 - 0.25) / 0.75 * 1, accuracy: 1e-9, "1.5 s is 0.5 into a repeat")
        let angle = atan2(layer.transform.m12, layer.transform.m11)
        XCTAssertEqual(angle, Double.pi / 2 * LayerAnimation.Spring().position(at: 1.5), accuracy: 1e-9)
        p.restore()
        layer.removeAnimation(forKey: "slide")
        XCTAssertEqual(layer.animationKeys(), ["group"])
        layer.removeAllAnimations()
        XCTAssertNil(layer.animationKeys())
    }

    /// `lamina check` lists the animations and when they run, in scene time through the layers' clocks.
    func testSummary_listsTheAnimationsAndTheirSpan() throws {
        let s = try scene(#"""
            {"frame": [0, 0, 10, 10], "beginTime": 1, "speed": 2, "animations": [
              {"keyPath": "opacity", "toValue": 0, "duration": 1},
              {"keyPath": "position.x", "toValue": 5, "beginTime": 2, "duration": 2}]}
            """#, time: 1.5)
        let text = SceneSummary(scene: s).text
        XCTAssertTrue(text.contains("animations 2 from 1 s to 3 s: opacity, position.x"), text)
        XCTAssertTrue(text.contains("time      1.5 s"), text)
    }

    /// A gradient's colours and locations move element by element.
    func testGradientColorsAndLocations_interpolateElementwise() throws {
        let s = try scene(#"""
            {"type": "gradient", "frame": [0, 0, 10, 10], "colors": ["red", "blue"], "animations": [
              {"keyPath": "colors", "toValue": ["blue", "red"], "duration": 1},
              {"keyPath": "locations", "fromValue": [0, 1], "toValue": [0.5, 1], "duration": 1}]}
            """#)
        let g = try XCTUnwrap(s.root.sublayersValue.first as? GradientLayer)
        let p = Presentation.apply(to: s, at: 0.5)
        XCTAssertEqual(g.colorsValue, [Color(red: 0.5, green: 0, blue: 0.5), Color(red: 0.5, green: 0, blue: 0.5)])
        XCTAssertEqual(g.locationsValue, [0.25, 1])
        p.restore()
        XCTAssertEqual(g.colorsValue, [.red, .blue])
        XCTAssertNil(g.locationsValue)
        assertLayerError(#"{"animations": [{"keyPath": "colors", "toValue": ["red"]}]}"#,
                         pointer: "/layers/0/animations/0/keyPath", "\"gradient\" layers")
    }

    /// A shape's path and a shadowPath move point by point between paths of one structure, and switch at
    /// the end between paths of different ones.
    func testPaths_morphPointByPoint_whenTheirStructuresMatch() throws {
        let s = try scene(#"""
            {"type": "shape", "frame": [0, 0, 40, 40], "path": "M 0 0 L 10 0 L 10 10 Z", "animations": [
              {"keyPath": "path", "toValue": "M 20 0 L 30 0 L 30 30 Z", "duration": 1},
              {"keyPath": "shadowPath", "fromValue": {"rect": [0, 0, 10, 10]}, "toValue": {"ellipse": [0, 0, 10, 10]}, "duration": 1}]}
            """#)
        let shape = try XCTUnwrap(s.root.sublayersValue.first as? ShapeLayer)
        let p = Presentation.apply(to: s, at: 0.5)
        XCTAssertEqual(shape.pathValue?.elements, [.move(CGPoint(x: 10, y: 0)), .line(CGPoint(x: 20, y: 0)),
                                              .line(CGPoint(x: 20, y: 20)), .close])
        XCTAssertEqual(shape.shadowPathValue?.elements.count, Path(rect: CGRect(x: 0, y: 0, width: 10, height: 10)).elements.count,
                       "a rect and an ellipse differ in structure: the start until the end")
        p.restore()
        XCTAssertEqual(shape.pathValue?.elements.count, 4)
        XCTAssertNil(shape.shadowPath)
    }

    func testDecoder_refusesWhatItCannotRender_namingThePlace() {
        assertLayerError(#"{"animations": [{"keyPath": "opactiy", "toValue": 0}]}"#, pointer: "/layers/0/animations/0/keyPath",
                         "not a key path", "did you mean \"opacity\"")
        assertLayerError(#"{"animations": [{"keyPath": "fillColor", "toValue": "red"}]}"#, pointer: "/layers/0/animations/0/keyPath",
                         "\"shape\" layers")
        assertLayerError(#"{"animations": [{"type": "transtion"}]}"#, pointer: "/layers/0/animations/0/type",
                         "unknown animation type", "did you mean \"transition\"")
        assertLayerError(#"{"animations": [{"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0]}]}"#,
                         pointer: "/layers/0/animations/0/keyTimes", "2 key times")
        assertLayerError(#"{"animations": [{"keyPath": "opacity", "toValue": [1, 2]}]}"#,
                         pointer: "/layers/0/animations/0/toValue", "expected a number")
        assertLayerError(#"{"animations": [{"keyPath": "opacity", "timingFunction": [2, 0, 1, 1]}]}"#,
                         pointer: "/layers/0/animations/0/timingFunction/0", "0...1")
        XCTAssertNoThrow(try scene(#"{"animations": [{"keyPath": "transform", "toValue": [{"rotateDegrees": [90, 0, 0, 1]}], "repeatCount": "infinity"}]}"#))
    }
}

/// `instanceDelay` in a replicator that preserves depth: each instance's planes are placed and drawn at its
/// own moment, as in one that flattens.
final class DepthInstanceDelayTests: XCTestCase {
    func testLaggingInstances_inADepthSortedReplicator() throws {
        let scene = try SceneFixture.decode(SceneFixture.document(layers: #"""
            [{"type": "replicator", "frame": [0, 0, 140, 80], "instanceCount": 4, "instanceDelay": 0.25,
              "preservesDepth": true, "instanceTransform": [{"translate": [30, 0, 10]}],
              "sublayers": [{"frame": [0, 20, 30, 40], "backgroundColor": "black",
                "animations": [{"keyPath": "opacity", "fromValue": 1, "toValue": 0, "duration": 1}]}]}]
            """#, extra: #", "time": 0.5"#))
        let graph = try Planner().plan(scene)
        guard case .draw(let ops)? = graph.passes.last?.content else { return XCTFail("a canvas") }
        let alphas = ops.compactMap { op -> Double? in
            if case .solid(let c) = op.paint { return (c.a * 100).rounded() / 100 }
            return nil
        }
        // Instance k at 0.5 - 0.25 k: opacity 0.5, 0.75, 1, and the model's 1 before its animation begins.
        XCTAssertEqual(alphas.sorted(), [0.5, 0.75, 1, 1])
        XCTAssertEqual(scene.root.sublayersValue.first?.sublayersValue.first?.opacityValue, 1, "the model is back")
    }
}

/// A transition's keys are read and refused as every other animation's.
final class TransitionDecodingTests: XCTestCase {
    private func layer(_ animation: String) -> String {
        #"{"format": "lamina-scene/1", "canvas": {"width": 10, "height": 10}, "layers": [{"type": "shape", "animations": [\#(animation)]}]}"#
    }

    func testTransition_readsItsKeys() throws {
        let scene = try SceneFixture.decode(layer(#"""
            {"type": "transition", "transitionType": "push", "subtype": "fromTop", "startProgress": 0.25,
             "endProgress": 0.75, "from": {"fillColor": "red"}}
            """#))
        guard case .transition(let t)? = scene.root.sublayersValue.first?.animations.first?.kind else {
            return XCTFail("a transition")
        }
        XCTAssertEqual(t.style, .push)
        XCTAssertEqual(t.direction, .fromTop)
        XCTAssertEqual(t.progress(at: 0.5), 0.5)
        XCTAssertTrue(t.from?.layer is ShapeLayer, "the old appearance is a layer of the layer's type")
        XCTAssertEqual(t.from?.sharesSublayers, true)
    }

    func testTransition_refusesWhatItCannotBe() {
        assertSceneError(layer(#"{"type": "transition", "transitionType": "flip"}"#),
                         pointer: "/layers/0/animations/0/transitionType", "flip")
        assertSceneError(layer(#"{"type": "transition", "subtype": "fromAbove"}"#),
                         pointer: "/layers/0/animations/0/subtype", "fromAbove")
        assertSceneError(layer(#"{"type": "transition", "from": {"type": "text"}}"#),
                         pointer: "/layers/0/animations/0/from/type", "same type")
        assertSceneError(layer(#"{"type": "transition", "from": {"animations": []}}"#),
                         pointer: "/layers/0/animations/0/from/animations", "still")
        assertSceneError(layer(#"{"type": "transition", "from": {"fillColr": "red"}}"#),
                         pointer: "/layers/0/animations/0/from/fillColr", "fillColor")
        assertSceneError(layer(#"{"type": "transition", "endProgress": 2}"#),
                         pointer: "/layers/0/animations/0/endProgress", "0...1")
    }
}
