import ArgumentParser
import Foundation
import LaminaCore
import LaminaGeometry

/// `lamina hit SCENE.json X Y`: which layer a point of the canvas lands on (`Layer.hitTest`), with the path
/// of layers from the root to it, each with its JSON pointer and the point in its own coordinates.
struct HitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hit",
        abstract: "Hit-test a point of the canvas (in points) and print the layers it lands in.",
        discussion: """
        Core Animation's rules: hidden layers are skipped, sublayers are tried front to back (zPosition, then \
        the later sibling) and found outside their parent unless it masks to bounds, transform layers pass \
        hits through, masks are not hit. Prints one line per layer from the outermost to the hit one; \
        "(canvas)" when no layer contains the point. Exit 0 either way; 1 for an invalid scene.
        """)

    @Argument(help: "The scene file (lamina-scene/1 JSON).")
    var scene: String

    @Argument(help: "x in canvas points.")
    var x: Double

    @Argument(help: "y in canvas points.")
    var y: Double

    @Flag(help: "Print one JSON object: the hit pointer (or null) and the path of layers with their points.")
    var json = false

    @Option(help: ArgumentHelp("Hit-test the presentation tree at this scene time, in seconds (default: the scene's own \"time\", else 0): where the layers are drawn at that moment.",
                               valueName: "seconds"))
    var time: Double?

    func validate() throws {
        if let time, !time.isFinite || abs(time) > 1e9 {
            throw ValidationError("--time must be a finite number of seconds within ±1e9, found \(time)")
        }
    }

    func run() throws {
        let decoded = try loadScene(scene)
        // Layers are where the presentation tree puts them at the moment, their model values put back after.
        let presentation = Presentation.apply(to: decoded, at: time ?? decoded.time ?? 0)
        defer { presentation.restore() }
        let point = CGPoint(x: x, y: y)
        var path: [Layer] = []
        var layer = decoded.root.hitTest(point)
        while let l = layer, l !== decoded.root { path.insert(l, at: 0); layer = l.superlayer }
        let rows: [(pointer: String, layer: Layer, local: CGPoint?)] = path.map { ($0.scenePointer, $0, $0.projectedPoint(point, from: nil)) }
        if json {
            let items = rows.map { r -> String in
                let name = r.layer.name.map { JSONText.quoted($0) } ?? "null"
                let xy = r.local.map { "\"x\": \($0.x), \"y\": \($0.y)" } ?? "\"x\": null, \"y\": null"
                return "{\"pointer\": \(JSONText.quoted(r.pointer)), \"name\": \(name), \"type\": \"\(r.layer.typeName)\", \(xy)}"
            }
            let hit = rows.last.map { JSONText.quoted($0.pointer) } ?? "null"
            print("{\"hit\": \(hit), \"path\": [\(items.joined(separator: ", "))]}")
            return
        }
        if rows.isEmpty { print("(canvas)"); return }
        for r in rows {
            let name = r.layer.name.map { " \"\(Echo.clipped($0))\"" } ?? ""
            let local = r.local.map { "at (\(formatPoint($0.x)), \(formatPoint($0.y)))" } ?? "(not invertible)"
            print("\(r.pointer)\(name) \(r.layer.typeName) \(local)")
        }
    }

    private func formatPoint(_ v: CGFloat) -> String { String(format: "%.3f", Double(v)) }
}

extension Layer {
    /// This layer's JSON pointer in the scene file (`/layers/0/sublayers/2/mask`).
    var scenePointer: String {
        var tokens: [String] = []
        var layer = self
        while let parent = layer.superlayer {
            if parent.mask === layer {
                tokens.insert("mask", at: 0)
            } else if let i = parent.sublayersValue.firstIndex(where: { $0 === layer }) {
                tokens.insert(String(i), at: 0)
                tokens.insert(parent.superlayer == nil ? "layers" : "sublayers", at: 0)
            }
            layer = parent
        }
        return tokens.isEmpty ? "" : "/" + tokens.joined(separator: "/")
    }
}
