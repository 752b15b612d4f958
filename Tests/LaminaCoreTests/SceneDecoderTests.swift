import Foundation
import LaminaTestSupport
import XCTest
@testable import LaminaCore
@testable import LaminaGeometry
import LaminaGraph

/// Valid scenes: every key of scene-format.md decodes to the model value, with CA's defaults when absent.
final class SceneDecoderTests: XCTestCase {
    func testDocumentDefaults_minimalScene_givesCanvasAndEmptyRoot() throws {
        let scene = try SceneFixture.decode(#"{"format": "lamina-scene/1", "canvas": {"width": 400, "height": 300}}"#)
        XCTAssertEqual(scene.width, 400); XCTAssertEqual(scene.height, 300)
        XCTAssertEqual(scene.scale, 1); XCTAssertEqual(scene.background, .clear)
        XCTAssertEqual(scene.root.bounds, CGRect(x: 0, y: 0, width: 400, height: 300))
        XCTAssertTrue(scene.root.sublayersValue.isEmpty)
        XCTAssertNil(scene.tolerance); XCTAssertNil(scene.sceneDescription)
    }

    func testDocument_canvasScaleBackgroundToleranceDescription_roundTrip() throws {
        let scene = try SceneFixture.decode("""
        {"format": "lamina-scene/1", "description": "cards",
         "canvas": {"width": 400, "height": 300, "scale": 2, "background": "#FFFFFF"},
         "tolerance": {"maxDiff": 4, "maxPixels": 10, "reason": "blur rounding"}, "layers": []}
        """)
        XCTAssertEqual(scene.scale, 2); XCTAssertEqual(scene.pixelWidth, 800)
        XCTAssertEqual(scene.background, .white)
        XCTAssertEqual(scene.tolerance, Tolerance(maxDiff: 4, maxPixels: 10, reason: "blur rounding"))
        XCTAssertEqual(scene.sceneDescription, "cards")
    }

    func testMinimalLayer_hasEveryCoreAnimationDefault() throws {
        let l = try SceneFixture.layer("{}")
        let d = Layer()
        XCTAssertTrue(type(of: l) == Layer.self)
        XCTAssertNil(l.name)
        XCTAssertEqual(l.bounds, d.bounds); XCTAssertEqual(l.position, d.position)
        XCTAssertEqual(l.anchorPoint, CGPoint(x: 0.5, y: 0.5)); XCTAssertEqual(l.anchorPointZ, 0)
        XCTAssertEqual(l.zPosition, 0); XCTAssertEqual(l.transform, .identity); XCTAssertEqual(l.sublayerTransform, .identity)
        XCTAssertFalse(l.isGeometryFlipped); XCTAssertFalse(l.isHidden); XCTAssertTrue(l.isDoubleSided)
        XCTAssertEqual(l.opacity, 1); XCTAssertTrue(l.allowsGroupOpacity); XCTAssertNil(l.backgroundColor)
        XCTAssertEqual(l.cornerRadius, 0); XCTAssertEqual(l.maskedCorners, .all); XCTAssertEqual(l.cornerCurve, .circular)
        XCTAssertEqual(l.borderWidth, 0); XCTAssertEqual(l.borderColor, .black); XCTAssertFalse(l.masksToBounds)
        XCTAssertNil(l.mask)
        XCTAssertEqual(l.shadowOpacity, 0); XCTAssertEqual(l.shadowColor, .black)
        XCTAssertEqual(l.shadowOffset, CGSize(width: 0, height: -3)); XCTAssertEqual(l.shadowRadius, 3); XCTAssertNil(l.shadowPath)
        XCTAssertNil(l.contentsValue); XCTAssertEqual(l.contentsGravity, .resize)
        XCTAssertEqual(l.contentsRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(l.contentsCenter, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(l.contentsScale, 1); XCTAssertEqual(l.minificationFilter, .linear)
        XCTAssertEqual(l.magnificationFilter, .linear); XCTAssertEqual(l.minificationFilterBias, 0)
        XCTAssertFalse(l.shouldRasterize); XCTAssertEqual(l.rasterizationScale, 1)
        XCTAssertFalse(l.allowsEdgeAntialiasing); XCTAssertTrue(l.sublayersValue.isEmpty)
    }

    func testEveryCommonKey_setExplicitly_roundTripsToTheModel() throws {
        let l = try SceneFixture.layer("""
        {"type": "layer", "name": "card", "bounds": [5, 6, 100, 50], "position": [30, 40], "anchorPoint": [0, 1],
         "anchorPointZ": 2, "zPosition": 3, "transform": [{"translate": [1, 2, 3]}],
         "sublayerTransform": [{"m34": -0.002}], "geometryFlipped": true, "hidden": true, "opacity": 0.5,
         "allowsGroupOpacity": false, "backgroundColor": [1, 0, 0, 0.5], "cornerRadius": 20,
         "maskedCorners": ["minXMinY", "maxXMaxY"], "cornerCurve": "continuous", "borderWidth": 2,
         "borderColor": null, "masksToBounds": true, "mask": {"frame": [0, 0, 10, 10]}, "shadowOpacity": 0.25,
         "shadowColor": "blue", "shadowOffset": [4, 5], "shadowRadius": 6, "shadowPath": {"rect": [0, 0, 10, 10]},
         "contentsGravity": "topLeft", "contentsRect": [0, 0, 0.5, 0.5], "contentsCenter": [0.25, 0.25, 0.5, 0.5],
         "contentsScale": 2, "minificationFilter": "trilinear", "magnificationFilter": "nearest",
         "minificationFilterBias": -0.5, "shouldRasterize": true, "rasterizationScale": 3, "doubleSided": false,
         "allowsEdgeAntialiasing": true, "sublayers": [{"name": "a"}, {"name": "b"}], "contents": null}
        """)
        XCTAssertEqual(l.name, "card")
        XCTAssertEqual(l.bounds, CGRect(x: 5, y: 6, width: 100, height: 50)); XCTAssertEqual(l.position, CGPoint(x: 30, y: 40))
        XCTAssertEqual(l.anchorPoint, CGPoint(x: 0, y: 1)); XCTAssertEqual(l.anchorPointZ, 2); XCTAssertEqual(l.zPosition, 3)
        XCTAssertEqual(l.transform, .translation(1, 2, 3))
        var persp = Transform3D.identity; persp.m34 = -0.002
        XCTAssertEqual(l.sublayerTransform, persp)
        XCTAssertTrue(l.isGeometryFlipped); XCTAssertTrue(l.isHidden); XCTAssertEqual(l.opacity, 0.5)
        XCTAssertFalse(l.allowsGroupOpacity); XCTAssertEqual(l.backgroundColor, Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        XCTAssertEqual(l.cornerRadius, 20); XCTAssertEqual(l.maskedCorners, [.minXMinY, .maxXMaxY])
        XCTAssertEqual(l.cornerCurve, .continuous); XCTAssertEqual(l.borderWidth, 2); XCTAssertNil(l.borderColor)
        XCTAssertTrue(l.masksToBounds); XCTAssertEqual(l.mask?.bounds.size, CGSize(width: 10, height: 10))
        XCTAssertTrue(l.mask?.superlayer === l)
        XCTAssertEqual(l.shadowOpacity, 0.25); XCTAssertEqual(l.shadowColor, .blue)
        XCTAssertEqual(l.shadowOffset, CGSize(width: 4, height: 5)); XCTAssertEqual(l.shadowRadius, 6)
        XCTAssertEqual(l.shadowPathValue?.elements.count, 5)
        XCTAssertEqual(l.contentsGravity, .topLeft); XCTAssertEqual(l.contentsRect, CGRect(x: 0, y: 0, width: 0.5, height: 0.5))
        XCTAssertEqual(l.contentsCenter, CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)); XCTAssertEqual(l.contentsScale, 2)
        XCTAssertEqual(l.minificationFilter, .trilinear); XCTAssertEqual(l.magnificationFilter, .nearest)
        XCTAssertEqual(l.minificationFilterBias, -0.5); XCTAssertTrue(l.shouldRasterize); XCTAssertEqual(l.rasterizationScale, 3)
        XCTAssertFalse(l.isDoubleSided); XCTAssertTrue(l.allowsEdgeAntialiasing)
        XCTAssertEqual(l.sublayersValue.map(\.name), ["a", "b"]); XCTAssertNil(l.contentsValue)
    }

    func testFrame_defaultAnchor_setsCentredPositionAndBoundsSize() throws {
        let l = try SceneFixture.layer(#"{"frame": [20, 20, 160, 120]}"#)
        XCTAssertEqual(l.position, CGPoint(x: 100, y: 80))
        XCTAssertEqual(l.bounds, CGRect(x: 0, y: 0, width: 160, height: 120))
        XCTAssertEqual(l.frame, CGRect(x: 20, y: 20, width: 160, height: 120))
    }

    func testFrame_anchorPointZero_isAppliedBeforeFrameWhateverTheKeyOrder() throws {
        let l = try SceneFixture.layer(#"{"frame": [20, 20, 160, 120], "anchorPoint": [0, 0]}"#)
        XCTAssertEqual(l.position, CGPoint(x: 20, y: 20))
        XCTAssertEqual(l.bounds.size, CGSize(width: 160, height: 120))
    }

    func testFrame_negativeSize_isStandardisedAsCALayerDoes() throws {
        let l = try SceneFixture.layer(#"{"frame": [100, 100, -50, -20], "anchorPoint": [0, 0]}"#)
        XCTAssertEqual(l.position, CGPoint(x: 50, y: 80))
        XCTAssertEqual(l.bounds.size, CGSize(width: 50, height: 20))
    }

    func testTransformSteps_matchTheCATransform3DChain() throws {
        let l = try SceneFixture.layer("""
        {"transform": [{"m34": -0.002}, {"rotate": [0.5, 0, 1, 0]}, {"translate": [10, 20, 30]},
                       {"scale": [2, 3, 4]}, {"rotateDegrees": [90, 0, 0, 1]}, {"concat": [{"translate": [1, 1]}]}]}
        """)
        var t = Transform3D.identity
        t.m34 = -0.002
        t = t.rotated(0.5, 0, 1, 0)
        t = t.translated(10, 20, 30)
        t = t.scaled(2, 3, 4)
        t = t.rotated(.pi / 2, 0, 0, 1)
        t = t.concatenating(.translation(1, 1, 0))
        XCTAssertEqual(l.transform, t)
    }

    func testTransform_sixteenNumbers_areRowMajor() throws {
        let e = (1...16).map(Double.init)
        let l = try SceneFixture.layer("{\"transform\": [\(e.map { formatNumber($0) }.joined(separator: ", "))]}")
        XCTAssertEqual(l.transform.elements, e)
    }

    func testAffineTransform_becomesA2DTransform() throws {
        let l = try SceneFixture.layer(#"{"affineTransform": [1, 0.5, -0.5, 1, 10, 20]}"#)
        XCTAssertEqual(l.transform, Transform3D(affine: CGAffineTransform(a: 1, b: 0.5, c: -0.5, d: 1, tx: 10, ty: 20)))
        XCTAssertTrue(l.transform.isAffine)
    }

    func testColours_everySpelling() throws {
        let cases: [(String, Color)] = [
            ("\"#F00\"", .red), ("\"#00FF00\"", .green), ("\"#0000FF80\"", Color(red: 0, green: 0, blue: 1, alpha: 128.0 / 255)),
            ("[1, 1, 0]", .yellow), ("[0, 0, 0, 0]", .clear), ("\"orange\"", .orange), ("\"lightGray\"", .lightGray),
        ]
        for (json, colour) in cases {
            XCTAssertEqual(try SceneFixture.layer(#"{"backgroundColor": \#(json)}"#).backgroundColor, colour, json)
        }
    }

    func testShapeLayer_keysAndDefaults() throws {
        let d = try XCTUnwrap(try SceneFixture.layer(#"{"type": "shape"}"#) as? ShapeLayer)
        XCTAssertNil(d.path); XCTAssertEqual(d.fillColor, .black); XCTAssertEqual(d.fillRule, .nonZero); XCTAssertNil(d.strokeColor)
        XCTAssertEqual(d.lineWidth, 1); XCTAssertEqual(d.lineCap, .butt); XCTAssertEqual(d.lineJoin, .miter)
        XCTAssertEqual(d.miterLimit, 10); XCTAssertNil(d.lineDashPatternValue); XCTAssertEqual(d.lineDashPhase, 0)
        XCTAssertEqual(d.strokeStart, 0); XCTAssertEqual(d.strokeEnd, 1)
        let s = try XCTUnwrap(try SceneFixture.layer("""
        {"type": "shape", "path": [{"ellipse": [0, 0, 10, 10]}, {"roundedRect": [0, 0, 40, 20], "radius": 5, "corners": ["minXMinY"]}],
         "fillColor": null, "fillRule": "evenOdd", "strokeColor": "red", "lineWidth": 3, "lineCap": "round",
         "lineJoin": "bevel", "miterLimit": 4, "lineDashPattern": [4, 2], "lineDashPhase": 1, "strokeStart": 0.25, "strokeEnd": 0.75}
        """) as? ShapeLayer)
        XCTAssertEqual(s.pathValue?.elements.first, .move(CGPoint(x: 10, y: 5)))
        XCTAssertNil(s.fillColor); XCTAssertEqual(s.fillRule, .evenOdd); XCTAssertEqual(s.strokeColor, .red)
        XCTAssertEqual(s.lineWidth, 3); XCTAssertEqual(s.lineCap, .round); XCTAssertEqual(s.lineJoin, .bevel)
        XCTAssertEqual(s.miterLimit, 4); XCTAssertEqual(s.lineDashPatternValue, [4, 2]); XCTAssertEqual(s.lineDashPhase, 1)
        XCTAssertEqual(s.strokeStart, 0.25); XCTAssertEqual(s.strokeEnd, 0.75)
        let svg = try XCTUnwrap(try SceneFixture.layer(#"{"type": "shape", "path": "M10 10 L90 10 Q 95 50 90 90 Z"}"#) as? ShapeLayer)
        XCTAssertNotNil(svg.path)
    }

    func testGradientLayer_keysAndDefaults() throws {
        let d = try XCTUnwrap(try SceneFixture.layer(#"{"type": "gradient"}"#) as? GradientLayer)
        XCTAssertNil(d.colorsValue); XCTAssertNil(d.locationsValue); XCTAssertEqual(d.startPoint, CGPoint(x: 0.5, y: 0))
        XCTAssertEqual(d.endPoint, CGPoint(x: 0.5, y: 1)); XCTAssertEqual(d.gradientType, .axial)
        let g = try XCTUnwrap(try SceneFixture.layer("""
        {"type": "gradient", "colors": ["red", "#0000FF"], "locations": [0, 1], "startPoint": [0, 0], "endPoint": [1, 1], "gradientType": "conic"}
        """) as? GradientLayer)
        XCTAssertEqual(g.colorsValue, [.red, .blue]); XCTAssertEqual(g.locationsValue, [0, 1])
        XCTAssertEqual(g.startPoint, .zero); XCTAssertEqual(g.endPoint, CGPoint(x: 1, y: 1)); XCTAssertEqual(g.gradientType, .conic)
    }

    func testReplicatorLayer_keysAndDefaults() throws {
        let d = try XCTUnwrap(try SceneFixture.layer(#"{"type": "replicator"}"#) as? ReplicatorLayer)
        XCTAssertEqual(d.instanceCount, 1); XCTAssertEqual(d.instanceTransform, .identity); XCTAssertEqual(d.instanceColor, .white)
        XCTAssertEqual([d.instanceRedOffsetValue, d.instanceGreenOffsetValue, d.instanceBlueOffsetValue, d.instanceAlphaOffsetValue], [0, 0, 0, 0])
        XCTAssertFalse(d.preservesDepth)
        let r = try XCTUnwrap(try SceneFixture.layer("""
        {"type": "replicator", "instanceCount": 5, "instanceTransform": [{"translate": [10, 0, 0]}], "instanceColor": "red",
         "instanceRedOffset": -0.1, "instanceGreenOffset": -0.2, "instanceBlueOffset": -0.3, "instanceAlphaOffset": -0.4, "preservesDepth": true}
        """) as? ReplicatorLayer)
        XCTAssertEqual(r.instanceCount, 5); XCTAssertEqual(r.instanceTransform, .translation(10, 0, 0)); XCTAssertEqual(r.instanceColor, .red)
        XCTAssertEqual([r.instanceRedOffsetValue, r.instanceGreenOffsetValue, r.instanceBlueOffsetValue, r.instanceAlphaOffsetValue], [-0.1, -0.2, -0.3, -0.4])
        XCTAssertTrue(r.preservesDepth)
    }

    func testTextTransformAndScrollLayers_keysAndDefaults() throws {
        let d = try XCTUnwrap(try SceneFixture.layer(#"{"type": "text"}"#) as? TextLayer)
        XCTAssertNil(d.string); XCTAssertEqual(d.fontSize, 36); XCTAssertEqual(d.foregroundColor, .white)
        XCTAssertEqual(d.alignmentMode, .natural); XCTAssertFalse(d.isWrapped); XCTAssertEqual(d.truncationMode, .none)
        let t = try XCTUnwrap(try SceneFixture.layer("""
        {"type": "text", "string": "Hello", "font": "DejaVu Sans", "fontSize": 12, "foregroundColor": "black",
         "alignmentMode": "center", "wrapped": true, "truncationMode": "end"}
        """) as? TextLayer)
        XCTAssertEqual(t.stringValue, "Hello"); XCTAssertEqual(t.fontValue, "DejaVu Sans"); XCTAssertEqual(t.fontSize, 12)
        XCTAssertEqual(t.foregroundColor, .black); XCTAssertEqual(t.alignmentMode, .center); XCTAssertTrue(t.isWrapped)
        XCTAssertEqual(t.truncationMode, .end)
        XCTAssertTrue(try SceneFixture.layer(#"{"type": "transform", "backgroundColor": "red"}"#) is TransformLayer)
        let s = try XCTUnwrap(try SceneFixture.layer(#"{"type": "scroll", "frame": [0, 0, 50, 50], "scrollTo": [10, 20]}"#) as? ScrollLayer)
        XCTAssertEqual(s.bounds, CGRect(x: 10, y: 20, width: 50, height: 50))
    }
}
