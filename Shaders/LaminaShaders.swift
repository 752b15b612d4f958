/// The GLSL ES 3.00 sources of the GPU renderer, shipped as resources.
///
/// Shaders are named by role (`quad.vert`, `fill_rrect.frag`, `blur_separable.frag`, ...), and the shared
/// code they `#include` lives in `common.glsl`. They are looked up through `Bundle.module`, never through a
/// path relative to the working directory.
import Foundation

public enum ShaderLibrary {
    /// The source text of the shader file `name` (for example `"quad.vert"`), or nil if there is none.
    public static func source(named name: String) -> String? {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "glsl") else {
            return nil
        }
        return try? String(contentsOf: url, encoding: .utf8)
    }
}
