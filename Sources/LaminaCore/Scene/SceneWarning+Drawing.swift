import Foundation

extension SceneWarning {
    /// What a layer's kind or drawing asks for that Lamina draws differently: an emitter's particles (not
    /// drawn), and radial gradients whose centres differ (drawn about the end centre). A drawing is
    /// recorded to be read, so a drawn layer's `draw(in:)` or delegate runs once more here.
    static func drawingWarnings(_ layer: Layer) -> [(String, String)] {
        var found: [(String, String)] = []
        if layer is CAEmitterLayer {
            found.append(("CAEmitterLayer's particles are not drawn (Core Animation's particle random stream cannot be reproduced); the layer draws as a plain layer", ""))
        }
        guard layer.hasCustomDrawing, let commands = layer.recordedDrawing() else { return found }
        for (i, command) in commands.enumerated() {
            if case .drawGradient(let g) = command, g.hasDistinctCentres {
                found.append(("a radial gradient's start and end centres differ; Lamina draws it concentric, about the end centre", "/drawing/\(i)"))
                break
            }
        }
        return found
    }
}
