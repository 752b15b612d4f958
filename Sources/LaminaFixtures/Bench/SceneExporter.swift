import Foundation
import LaminaCore
import LaminaImage
import LaminaGraph
import LaminaGeometry

/// Writes a layer tree back out as `lamina-scene/1` JSON, so tools outside Swift (tools/skia_bench.py)
/// draw exactly the scenes `lamina bench` generates.
///
/// Covers the properties generated scenes use: plain, gradient and replicator layers (their own keys in
/// `SceneExporter+LayerTypes.swift`), geometry (frame when the layer is untransformed with a
/// default anchor point, else bounds, position and anchorPoint), opacity, hidden, background, corners,
/// border, masksToBounds, shadows (shadowPath as SVG path data), contents with gravity and filters, custom
/// drawing (recorded, as `drawing` commands: `SceneExporter+Drawing.swift`), mask and sublayers. Anything else set to a non-default value is refused with `unsupported`, rather than
/// silently dropped, so an exported scene never differs from the tree it came from.
///
/// Numbers are written with Swift's shortest round-tripping form, so decoding the export gives the same
/// Doubles. Keys are written in a fixed order, so exports diff cleanly.
public struct SceneExporter {
    public enum ExportError: Error, CustomStringConvertible {
        case unsupported(layer: String, property: String)
        public var description: String {
            switch self {
            case .unsupported(let layer, let property):
                return "cannot export \(layer): \(property) is not written by the scene exporter"
            }
        }
    }

    /// What an export produced: the document, and the images it refers to by file name (to be written
    /// next to it as PNG).
    public struct Output {
        public var json: Data
        public var images: [(fileName: String, bitmap: Bitmap)]
    }

    /// The prefix of image file names; an image is `<prefix>-<n>.png`.
    public var imagePrefix: String

    public init(imagePrefix: String) { self.imagePrefix = imagePrefix }

    public func export(_ scene: Scene) throws -> Output {
        var state = State(prefix: imagePrefix)
        var canvas = JSONObjectText()
        canvas["width"] = number(scene.width)
        canvas["height"] = number(scene.height)
        canvas["scale"] = number(scene.scale)
        canvas["background"] = color(scene.background)
        var doc = JSONObjectText()
        doc["format"] = quoted(SceneDecoder.formatName)
        if let d = scene.sceneDescription { doc["description"] = quoted(d) }
        doc["canvas"] = canvas.text
        let layers = try scene.root.sublayersValue.enumerated().map { i, l in
            try layer(l, path: "/layers/\(i)", &state, indent: "  ")
        }
        doc["layers"] = list(layers, indent: "")
        let text = doc.text + "\n"
        return Output(json: Data(text.utf8), images: state.images)
    }

    struct State {
        let prefix: String
        var names: [ObjectIdentifier: String] = [:]
        var images: [(fileName: String, bitmap: Bitmap)] = []
        mutating func fileName(for bitmap: Bitmap) -> String {
            if let n = names[ObjectIdentifier(bitmap)] { return n }
            let n = "\(prefix)-\(images.count).png"
            names[ObjectIdentifier(bitmap)] = n
            images.append((n, bitmap))
            return n
        }
    }

    private func layer(_ l: Layer, path: String, _ state: inout State, indent: String) throws -> String {
        let d = Layer()
        let name = l.name.map { "\(path) (\"\($0)\")" } ?? path
        func refuse(_ property: String) -> ExportError { .unsupported(layer: name, property: property) }
        guard SceneExporter.exports(l) else { throw refuse("type \"\(l.typeName)\"") }
        guard l.transform == .identity else { throw refuse("transform") }
        guard l.sublayerTransform == .identity else { throw refuse("sublayerTransform") }
        guard l.zPosition == 0, l.anchorPointZ == 0 else { throw refuse("zPosition/anchorPointZ") }
        guard !l.isGeometryFlipped, l.isDoubleSided, !l.allowsEdgeAntialiasing else {
            throw refuse("geometryFlipped/doubleSided/allowsEdgeAntialiasing")
        }
        guard !l.shouldRasterize else { throw refuse("shouldRasterize") }
        guard l.contentsRect == d.contentsRect, l.contentsCenter == d.contentsCenter,
              l.minificationFilterBias == 0 else { throw refuse("contentsRect/contentsCenter/bias") }
        var o = commonKeys(l, defaults: d, &state)
        let inner = indent + "  "
        if let commands = l.recordedDrawing() {
            o["drawing"] = list(commands.map { drawingCommand($0, &state) }, indent: inner)
        }
        if let m = l.mask { o["mask"] = try layer(m, path: path + "/mask", &state, indent: inner) }
        if !l.sublayersValue.isEmpty {
            let subs = try l.sublayersValue.enumerated().map { i, s in
                try layer(s, path: path + "/sublayers/\(i)", &state, indent: inner + "  ")
            }
            o["sublayers"] = list(subs, indent: inner)
        }
        return o.text
    }

    /// The layer's own keys that differ from a plain layer's `d` (its type's keys, geometry, appearance,
    /// shadow, contents), without its drawing, mask and sublayers.
    private func commonKeys(_ l: Layer, defaults d: Layer, _ state: inout State) -> JSONObjectText {
        var o = JSONObjectText()
        specificKeys(l, into: &o)
        if let n = l.name { o["name"] = quoted(n) }
        if l.anchorPoint == d.anchorPoint, l.bounds.origin == .zero {
            o["frame"] = rect(l.frame)
        } else {
            o["bounds"] = rect(l.bounds)
            o["position"] = "[\(number(l.position.x)), \(number(l.position.y))]"
            if l.anchorPoint != d.anchorPoint { o["anchorPoint"] = "[\(number(l.anchorPoint.x)), \(number(l.anchorPoint.y))]" }
        }
        if l.isHidden { o["hidden"] = "true" }
        if l.contentsScale != 1 { o["contentsScale"] = number(l.contentsScale) }
        if l.opacityValue != 1 { o["opacity"] = number(l.opacityValue) }
        if !l.allowsGroupOpacity { o["allowsGroupOpacity"] = "false" }
        if let c = l.backgroundColor { o["backgroundColor"] = color(c) }
        if l.cornerRadius != 0 { o["cornerRadius"] = number(l.cornerRadius) }
        if l.maskedCorners != .all {
            o["maskedCorners"] = "[" + CornerMask.names.filter { l.maskedCorners.contains($0.1) }
                .map { quoted($0.0) }.joined(separator: ", ") + "]"
        }
        if l.cornerCurve != .circular { o["cornerCurve"] = quoted(l.cornerCurve.rawValue) }
        if l.borderWidth != 0 { o["borderWidth"] = number(l.borderWidth) }
        if l.borderColor != d.borderColor { o["borderColor"] = l.borderColor.map(color) ?? "null" }
        if l.masksToBounds { o["masksToBounds"] = "true" }
        if l.shadowOpacityValue != 0 {
            o["shadowOpacity"] = number(l.shadowOpacityValue)
            o["shadowColor"] = l.shadowColor.map(color) ?? "null"
            o["shadowOffset"] = "[\(number(l.shadowOffset.width)), \(number(l.shadowOffset.height))]"
            o["shadowRadius"] = number(l.shadowRadius)
            if let p = l.shadowPathValue { o["shadowPath"] = quoted(svg(p)) }
        }
        if let bitmap = l.contentsValue {
            o["contents"] = quoted(state.fileName(for: bitmap))
            if l.contentsGravity != .resize { o["contentsGravity"] = quoted(l.contentsGravity.rawValue) }
            if l.minificationFilter != .linear { o["minificationFilter"] = quoted(l.minificationFilter.rawValue) }
            if l.magnificationFilter != .linear { o["magnificationFilter"] = quoted(l.magnificationFilter.rawValue) }
        }
        return o
    }

    // MARK: Values

    func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }
    func number(_ v: CGFloat) -> String { number(Double(v)) }
    func rect(_ r: CGRect) -> String {
        "[\(number(r.minX)), \(number(r.minY)), \(number(r.width)), \(number(r.height))]"
    }
    func color(_ c: Color) -> String {
        "[\(number(c.red)), \(number(c.green)), \(number(c.blue)), \(number(c.alpha))]"
    }
    func list(_ items: [String], indent: String) -> String {
        items.isEmpty ? "[]" : "[\n" + items.map { indent + "  " + $0 }.joined(separator: ",\n") + "\n" + indent + "]"
    }
    /// SVG path data with absolute commands only (M, L, Q, C, Z).
    func svg(_ p: Path) -> String {
        func pt(_ q: CGPoint) -> String { "\(number(q.x)) \(number(q.y))" }
        return p.elements.map { e -> String in
            switch e {
            case .move(let a): return "M\(pt(a))"
            case .line(let a): return "L\(pt(a))"
            case .quad(let c, let a): return "Q\(pt(c)) \(pt(a))"
            case .cubic(let c1, let c2, let a): return "C\(pt(c1)) \(pt(c2)) \(pt(a))"
            case .close: return "Z"
            }
        }.joined(separator: " ")
    }
    func quoted(_ s: String) -> String { JSONText.quoted(s) }
}

/// A JSON object assembled from already-encoded values, keys in insertion order.
struct JSONObjectText {
    private var entries: [(String, String)] = []
    subscript(key: String) -> String? {
        get { entries.first { $0.0 == key }?.1 }
        set { if let v = newValue { entries.append((key, v)) } }
    }
    var text: String {
        "{" + entries.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }
}
