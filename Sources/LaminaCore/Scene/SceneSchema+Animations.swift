import Foundation

extension SceneSchema {
    /// An animation: its timing keys and, by type, its values (which the schema leaves open: their kind is
    /// the key path's, `AnimatedKeyPath`).
    static func animationSchema() -> [String: Any] {
        let number: [String: Any] = ["type": "number"], nonNegative: [String: Any] = ["type": "number", "minimum": 0]
        let bool: [String: Any] = ["type": "boolean"], anyValue: [String: Any] = [:]
        let kinds: [String: Any] = [
            "key": ["type": "string"], "type": ["enum": SceneReader.animationTypes],
            "keyPath": ["enum": AnimatedKeyPath.allNames], "beginTime": number, "duration": nonNegative, "speed": number,
            "timeOffset": number, "repeatCount": ["anyOf": [nonNegative, ["const": "infinity"]]],
            "repeatDuration": nonNegative, "autoreverses": bool,
            "fillMode": ["enum": MediaTiming.FillMode.allCases.map(\.rawValue)], "removedOnCompletion": bool,
            "timingFunction": ["$ref": "#/$defs/timingFunction"], "additive": bool, "cumulative": bool,
            "fromValue": anyValue, "toValue": anyValue, "byValue": anyValue,
            "values": ["type": "array", "minItems": 1, "maxItems": SceneReader.maxKeyframes],
            "keyTimes": ["type": "array", "items": ["type": "number", "minimum": 0, "maximum": 1]],
            "timingFunctions": ["type": "array", "items": ["$ref": "#/$defs/timingFunction"]],
            "calculationMode": ["enum": LayerAnimation.Keyframes.Mode.allCases.map(\.rawValue)],
            "mass": ["type": "number", "exclusiveMinimum": 0], "stiffness": ["type": "number", "exclusiveMinimum": 0],
            "damping": nonNegative, "initialVelocity": number,
            "tensionValues": ["type": "array", "items": number], "continuityValues": ["type": "array", "items": number],
            "biasValues": ["type": "array", "items": number],
            "path": nullable(["$ref": "#/$defs/path"]),
            "rotationMode": nullable(["enum": MotionPath.Rotation.allCases.map(\.rawValue)]),
            "animations": ["type": "array", "items": ["$ref": "#/$defs/animation"]],
            "transitionType": ["enum": LayerTransition.Style.allCases.map(\.rawValue)],
            "subtype": nullable(["enum": LayerTransition.Direction.allCases.map(\.rawValue)]),
            "startProgress": ["type": "number", "minimum": 0, "maximum": 1],
            "endProgress": ["type": "number", "minimum": 0, "maximum": 1],
            // The layer's own keys as they were: a layer object (of the layer's type), read by the decoder.
            "from": ["type": ["object", "null"]],
        ]
        let keys = SceneReader.animationKeys + SceneReader.specificAnimationKeys.values.flatMap { $0 }
        return ["type": "object", "additionalProperties": false,
                "properties": Dictionary(keys.map { ($0, kinds[$0] ?? [:]) }, uniquingKeysWith: { a, _ in a })]
    }

    /// null (linear), a name, or four control points.
    static func timingFunctionSchema() -> [String: Any] {
        ["anyOf": [["type": "null"], ["enum": TimingFunction.named.keys.sorted()], numbers(4)]]
    }
}
