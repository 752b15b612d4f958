import CGLES
import Foundation

/// A linked GL program built from two shader files; frees the program in `deinit`.
///
/// Compile and link failures throw `GLError.shader` whose log names the file and line (see
/// `ShaderSource.annotate`). Programs are built once per renderer, never per frame.
final class ShaderProgram {
    let id: GLuint
    let name: String
    private var uniforms: [String: GLint] = [:]

    /// Builds the program from shader files of the LaminaShaders bundle.
    convenience init(vertex: String, fragment: String, defines: [String] = [], vertexDefines: [String] = []) throws {
        try self.init(vertex: try ShaderSource.load(named: vertex, defines: vertexDefines),
                      fragment: try ShaderSource.load(named: fragment, defines: defines))
    }

    /// Builds the program from already expanded sources.
    init(vertex: ShaderSource, fragment: ShaderSource) throws {
        name = "\(vertex.files[0]) + \(fragment.files[0])"
        let vs = try ShaderProgram.compile(vertex, type: GLenum(GL_VERTEX_SHADER))
        defer { glDeleteShader(vs) }
        let fs = try ShaderProgram.compile(fragment, type: GLenum(GL_FRAGMENT_SHADER))
        defer { glDeleteShader(fs) }
        let p = glCreateProgram()
        glAttachShader(p, vs)
        glAttachShader(p, fs)
        glLinkProgram(p)
        var ok: GLint = 0
        glGetProgramiv(p, GLenum(GL_LINK_STATUS), &ok)
        if ok == 0 {
            let log = ShaderProgram.infoLog(p, program: true)
            glDeleteProgram(p)
            // Link errors (GLES 3.0 §2.12.3) refer to interfaces, not lines; name both files.
            throw GLError.shader(file: name, log: fragment.annotate(log: log))
        }
        id = p
        try GLCheck.check("glLinkProgram(\(name))")
    }

    deinit { glDeleteProgram(id) }

    /// The location of uniform `name`, cached; -1 when the linker removed it (GLES 3.0 §2.12.6).
    func uniform(_ name: String) -> GLint {
        if let l = uniforms[name] { return l }
        let l = glGetUniformLocation(id, name)
        uniforms[name] = l
        return l
    }

    private static func compile(_ source: ShaderSource, type: GLenum) throws -> GLuint {
        let s = glCreateShader(type)
        guard s != 0 else {
            throw GLError.shader(file: source.files[0], log: "glCreateShader returned 0 (no current GL context?)")
        }
        source.text.withCString { ptr in
            var p: UnsafePointer<GLchar>? = ptr
            glShaderSource(s, 1, &p, nil)
        }
        glCompileShader(s)
        var ok: GLint = 0
        glGetShaderiv(s, GLenum(GL_COMPILE_STATUS), &ok)
        if ok == 0 {
            let log = infoLog(s, program: false)
            glDeleteShader(s)
            throw GLError.shader(file: source.files[0], log: source.annotate(log: log))
        }
        return s
    }

    private static func infoLog(_ object: GLuint, program: Bool) -> String {
        var length: GLint = 0
        if program { glGetProgramiv(object, GLenum(GL_INFO_LOG_LENGTH), &length) }
        else { glGetShaderiv(object, GLenum(GL_INFO_LOG_LENGTH), &length) }
        guard length > 1 else { return "(no info log)" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        if program { glGetProgramInfoLog(object, length, nil, &buffer) }
        else { glGetShaderInfoLog(object, length, nil, &buffer) }
        return String(cString: buffer)
    }
}
