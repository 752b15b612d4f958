import Foundation
import LaminaGraph
import LaminaGeometry

/// A JSON Schema (draft 2020-12) of `lamina-scene/1`, made from the decoder's own tables: the document,
/// canvas, tolerance and attributed-run keys, every layer type's keys (`LayerKind`), the transform steps and
/// the model's enumerations. A key the decoder learns without a kind here fails `SceneSchemaTests`, so the
/// two cannot drift. A scene naming it in `"$schema"` gets completion and checking in editors.
public enum SceneSchema {
    /// The schema's identifier, which scenes may name in `"$schema"`.
    public static let id = "https://lamina.dev/schema/lamina-scene-1.json"

    /// The schema as JSON text.
    public static func json() -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: schema(),
                                                     options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return "{}" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// What each layer key holds, as a schema fragment.
    static func layerKeyKinds() -> [String: Any] {
        let number: [String: Any] = ["type": "number"]
        let nonNegative: [String: Any] = ["type": "number", "minimum": 0]
        let unit: [String: Any] = ["type": "number", "minimum": 0, "maximum": 1]
        let bool: [String: Any] = ["type": "boolean"]
        let point = numbers(2), rect = numbers(4)
        let layer: [String: Any] = ["$ref": "#/$defs/layer"]
        let color: [String: Any] = ["$ref": "#/$defs/color"], optionalColor = nullable(["$ref": "#/$defs/color"])
        let transform: [String: Any] = ["$ref": "#/$defs/transform"]
        func names<T: CaseIterable & RawRepresentable>(_: T.Type) -> [String: Any] where T.RawValue == String {
            ["enum": T.allCases.map(\.rawValue)]
        }
        return [
            "type": ["enum": LayerKind.allCases.map(\.rawValue)], "name": ["type": "string"],
            "frame": rect, "bounds": rect, "position": point, "anchorPoint": point, "anchorPointZ": number,
            "zPosition": number, "transform": transform, "affineTransform": numbers(6), "sublayerTransform": transform,
            "geometryFlipped": bool, "hidden": bool, "opacity": unit, "allowsGroupOpacity": bool,
            "backgroundColor": optionalColor, "cornerRadius": nonNegative,
            "maskedCorners": ["type": "array", "items": ["enum": CornerMask.names.map(\.0)]],
            "cornerCurve": names(CornerCurve.self), "borderWidth": nonNegative, "borderColor": optionalColor,
            "masksToBounds": bool, "mask": nullable(layer), "shadowOpacity": unit, "shadowColor": optionalColor,
            "shadowOffset": point, "shadowRadius": nonNegative, "shadowPath": nullable(["$ref": "#/$defs/path"]),
            "contents": nullable(["type": "string"]), "contentsGravity": names(ContentsGravity.self),
            "contentsRect": rect, "contentsCenter": rect, "contentsScale": ["type": "number", "exclusiveMinimum": 0],
            "minificationFilter": names(ContentsFilter.self), "magnificationFilter": names(ContentsFilter.self),
            "minificationFilterBias": number, "shouldRasterize": bool,
            "rasterizationScale": ["type": "number", "exclusiveMinimum": 0], "doubleSided": bool,
            "allowsEdgeAntialiasing": bool, "sublayers": ["type": "array", "items": layer],
            "drawing": nullable(["type": "array", "items": ["$ref": "#/$defs/drawingCommand"],
                                 "maxItems": SceneReader.maxDrawingCommands]),
            // shape
            "path": nullable(["$ref": "#/$defs/path"]), "fillColor": optionalColor,
            "fillRule": names(FillRule.self), "strokeColor": optionalColor, "lineWidth": nonNegative,
            "lineCap": names(ShapeLayer.LineCap.self), "lineJoin": names(ShapeLayer.LineJoin.self),
            "miterLimit": nonNegative, "lineDashPattern": nullable(["type": "array", "items": nonNegative]),
            "lineDashPhase": number, "strokeStart": unit, "strokeEnd": unit,
            // gradient
            "colors": nullable(["type": "array", "items": color, "maxItems": SceneReader.maxGradientStops]),
            "locations": nullable(["type": "array", "items": number]), "startPoint": point, "endPoint": point,
            "gradientType": names(GradientLayer.GradientType.self),
            // replicator
            "instanceCount": ["type": "integer", "minimum": 0], "instanceTransform": transform,
            "instanceColor": optionalColor, "instanceRedOffset": number, "instanceGreenOffset": number,
            "instanceBlueOffset": number, "instanceAlphaOffset": number, "preservesDepth": bool,
            "instanceDelay": number,
            // text
            "string": ["anyOf": [["type": "null"], ["type": "string"],
                                 ["type": "array", "items": ["anyOf": [["type": "string"], ["$ref": "#/$defs/run"]]]]]],
            "font": ["type": "string", "minLength": 1], "fontSize": nonNegative, "foregroundColor": optionalColor,
            "alignmentMode": names(TextLayer.AlignmentMode.self), "wrapped": bool,
            "truncationMode": names(TextLayer.TruncationMode.self),
            // scroll
            "scrollTo": point,
            // time
            "beginTime": number, "timeOffset": number, "speed": number,
            "animations": ["type": "array", "items": ["$ref": "#/$defs/animation"], "maxItems": SceneReader.maxAnimations],
        ]
    }

    /// One drawing command: an object per op (`SceneReader.drawingOps`), with `op` fixed and its arguments.
    static func drawingCommand() -> [String: Any] {
        let number: [String: Any] = ["type": "number"], nonNegative: [String: Any] = ["type": "number", "minimum": 0]
        let point = numbers(2), rect = numbers(4)
        let rule: [String: Any] = ["enum": FillRule.allCases.map(\.rawValue) + ["winding"]]
        let kinds: [String: Any] = [
            "color": ["$ref": "#/$defs/color"], "width": nonNegative, "limit": nonNegative, "radius": nonNegative,
            "cap": ["enum": ShapeLayer.LineCap.allCases.map(\.rawValue)],
            "join": ["enum": ShapeLayer.LineJoin.allCases.map(\.rawValue)],
            "mode": ["enum": PathDrawingMode.allCases.map(\.rawValue)], "rule": rule,
            "phase": number, "x": number, "y": number, "angle": number, "startAngle": number, "endAngle": number,
            "lengths": nullable(["type": "array", "items": nonNegative, "minItems": 1]),
            "alpha": ["type": "number", "minimum": 0, "maximum": 1], "transform": numbers(6),
            "to": point, "control": point, "control1": point, "control2": point, "center": point,
            "clockwise": ["type": "boolean"], "rect": rect, "path": ["$ref": "#/$defs/path"], "image": ["type": "string"],
            "colors": ["type": "array", "items": ["$ref": "#/$defs/color"], "minItems": 1],
            "locations": nullable(["type": "array", "items": ["type": "number", "minimum": 0, "maximum": 1]]),
            "start": point, "end": point, "startCenter": point, "endCenter": point,
            "startRadius": nonNegative, "endRadius": nonNegative,
            "options": ["type": "array", "items": ["enum": ["drawsBeforeStartLocation", "drawsAfterEndLocation"]]],
        ]
        let ops = SceneReader.drawingOps.map { entry -> [String: Any] in
            var properties: [String: Any] = ["op": ["const": entry.op]]
            for key in entry.keys { properties[key] = kinds[key] ?? [:] }
            return ["type": "object", "additionalProperties": false, "required": ["op"] + entry.required,
                    "properties": properties]
        }
        return ["oneOf": ops]
    }

    static func numbers(_ n: Int) -> [String: Any] {
        ["type": "array", "items": ["type": "number"], "minItems": n, "maxItems": n]
    }

    static func nullable(_ s: [String: Any]) -> [String: Any] { ["anyOf": [["type": "null"], s]] }

    static func schema() -> [String: Any] {
        [
            "$schema": "https://json-schema.org/draft/2020-12/schema", "$id": id,
            "title": "lamina-scene/1", "description": "A Core Animation layer tree for Lamina to render.",
            "type": "object", "additionalProperties": false, "required": ["format", "canvas", "layers"],
            "properties": Dictionary(uniqueKeysWithValues: SceneReader.documentKeys.map { ($0, documentKinds()[$0] ?? [:]) }),
            "$defs": ["layer": layerSchema(), "color": colorSchema(), "transform": transformSchema(),
                      "path": pathSchema(), "run": runSchema(), "drawingCommand": drawingCommand(),
                      "animation": animationSchema(), "timingFunction": timingFunctionSchema()],
        ]
    }

    /// A layer: every key with its kind; a key only one type takes requires that type (the decoder refuses
    /// it elsewhere).
    static func layerSchema() -> [String: Any] {
        let kinds = layerKeyKinds()
        var typeRules: [[String: Any]] = []
        for kind in LayerKind.allCases {
            for key in kind.specificKeys {
                typeRules.append(["if": ["required": [key]],
                                  "then": ["required": ["type"], "properties": ["type": ["const": kind.rawValue]]]])
            }
        }
        let allKeys = LayerKind.commonKeys + LayerKind.allCases.flatMap(\.specificKeys)
        return [
            "type": "object", "additionalProperties": false,
            "properties": Dictionary(uniqueKeysWithValues: allKeys.map { ($0, kinds[$0] ?? [:]) }),
            "allOf": typeRules,
        ]
    }

    /// A colour: hex, a name (CSS-style or a system colour), or 3 or 4 components.
    static func colorSchema() -> [String: Any] {
        let colorNames = Array(Color.named.keys) + Array(Color.systemNamed.keys)
        return ["anyOf": [
            ["type": "string", "pattern": "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"],
            ["enum": colorNames.sorted()],
            ["type": "array", "items": ["type": "number", "minimum": 0, "maximum": 1], "minItems": 3, "maxItems": 4],
        ]]
    }

    /// A transform: 16 numbers, or a list of steps.
    static func transformSchema() -> [String: Any] {
        let stepKinds: [String: Any] = [
            "translate": ["type": "array", "items": ["type": "number"], "minItems": 2, "maxItems": 3],
            "scale": ["type": "array", "items": ["type": "number"], "minItems": 2, "maxItems": 3],
            "rotate": numbers(4), "rotateDegrees": numbers(4), "m34": ["type": "number"],
            "concat": ["$ref": "#/$defs/transform"],
        ]
        let steps = JSONValue.transformSteps.map { name -> [String: Any] in
            ["type": "object", "additionalProperties": false, "required": [name], "properties": [name: stepKinds[name] ?? [:]]]
        }
        return ["anyOf": [numbers(16), ["type": "array", "items": ["oneOf": steps]]]]
    }

    /// A path: one part (SVG path data or a shape object) or a list of parts, appended.
    static func pathSchema() -> [String: Any] {
        let part: [String: Any] = ["anyOf": [
            ["type": "string"],
            ["type": "object", "additionalProperties": false, "required": ["rect"], "properties": ["rect": numbers(4)]],
            ["type": "object", "additionalProperties": false, "required": ["ellipse"], "properties": ["ellipse": numbers(4)]],
            ["type": "object", "additionalProperties": false, "required": ["roundedRect"],
             "properties": ["roundedRect": numbers(4), "radius": ["type": "number", "minimum": 0],
                            "corners": ["type": "array", "items": ["enum": CornerMask.names.map(\.0)]]]],
        ]]
        return ["anyOf": [part, ["type": "array", "items": part]]]
    }

    /// A run of an attributed string.
    static func runSchema() -> [String: Any] {
        let runKinds: [String: Any] = ["text": ["type": "string"], "font": ["type": "string", "minLength": 1],
                                       "fontSize": ["type": "number", "minimum": 0],
                                       "foregroundColor": nullable(["$ref": "#/$defs/color"]),
                                       "underline": ["type": "boolean"]]
        return ["type": "object", "additionalProperties": false, "required": ["text"],
                "properties": Dictionary(uniqueKeysWithValues: SceneReader.attributedRunKeys.map { ($0, runKinds[$0] ?? [:]) })]
    }

    /// The document's own keys.
    static func documentKinds() -> [String: Any] {
        [
            "$schema": ["type": "string"], "format": ["const": "lamina-scene/1"], "description": ["type": "string"],
            "time": ["type": "number"],
            "canvas": ["type": "object", "additionalProperties": false, "required": ["width", "height"],
                       "properties": ["width": ["type": "number", "exclusiveMinimum": 0],
                                      "height": ["type": "number", "exclusiveMinimum": 0],
                                      "scale": ["type": "number", "exclusiveMinimum": 0, "maximum": SceneDecoder.maxScale],
                                      "background": ["$ref": "#/$defs/color"]]],
            "images": ["type": "object", "additionalProperties": ["type": "string"]],
            "layers": ["type": "array", "items": ["$ref": "#/$defs/layer"]],
            "tolerance": ["type": "object", "additionalProperties": false,
                          "properties": ["maxDiff": ["type": "integer", "minimum": 0, "maximum": 255],
                                         "maxPixels": ["type": "integer", "minimum": 0], "reason": ["type": "string"]]],
        ]
    }
}
