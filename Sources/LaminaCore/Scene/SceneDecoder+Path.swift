import Foundation
import LaminaGeometry

/// Building a `Path` from a decoded path value: the one place the scene decoder meets the geometry code.
///
/// SVG path data goes to `Path(svgPathData:)`, whose error (with its character offset) becomes the message.
/// Rects, ellipses and rounded rects use the geometry builders (`Path(rect:)`, `Path(ellipseIn:)`,
/// `Path(roundedRect:)`), so a scene's shapes are the same curves the planner's own shapes are.
extension SceneReader {
    func makePath(_ spec: PathSpec, pointer: JSONPointer) throws -> Path {
        switch spec {
        case .svg(let data):
            do {
                return try Path(svgPathData: data)
            } catch {
                throw SceneError(pointer, "bad path data: \(error)")
            }
        case .rect(let r):
            return Path(rect: r)
        case .ellipse(let r):
            return Path(ellipseIn: r)
        case .roundedRect(let r, let radius, let corners):
            return Path(roundedRect: RoundedRect(rect: r, radius: radius, corners: corners, curve: .circular))
        case .list(let items):
            var path = Path()
            for (i, item) in items.enumerated() { path.append(try makePath(item, pointer: pointer / i)) }
            return path
        }
    }
}
