import CGLES
import LaminaCore

/// Sampler objects (GLES 3.0 §3.8.2) for each (minification, magnification) filter pair; deleted in
/// `deinit`.
///
/// Filters map as the contract says: magnification nearest -> GL_NEAREST, linear or trilinear ->
/// GL_LINEAR; minification nearest -> GL_NEAREST, linear -> GL_LINEAR (level 0 only), trilinear ->
/// GL_LINEAR_MIPMAP_LINEAR. Wrap is CLAMP_TO_EDGE. With these pairs the min/mag switch point c is 0
/// (§3.8.11), the same `lambda > 0` rule the CPU renderer uses.
final class SamplerCache {
    private struct Key: Hashable { let min: ContentsFilter, mag: ContentsFilter }
    private var samplers: [Key: GLuint] = [:]

    func sampler(min: ContentsFilter, mag: ContentsFilter) -> GLuint {
        let key = Key(min: min, mag: mag)
        if let s = samplers[key] { return s }
        var s: GLuint = 0
        glGenSamplers(1, &s)
        let minFilter: Int32 = switch min {
        case .nearest: GL_NEAREST
        case .linear: GL_LINEAR
        case .trilinear: GL_LINEAR_MIPMAP_LINEAR
        }
        let magFilter: Int32 = mag == .nearest ? GL_NEAREST : GL_LINEAR
        glSamplerParameteri(s, GLenum(GL_TEXTURE_MIN_FILTER), minFilter)
        glSamplerParameteri(s, GLenum(GL_TEXTURE_MAG_FILTER), magFilter)
        glSamplerParameteri(s, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glSamplerParameteri(s, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        samplers[key] = s
        return s
    }

    deinit {
        for s in samplers.values {
            var id = s
            glDeleteSamplers(1, &id)
        }
    }
}
