import CGLES
import LaminaTestSupport
import XCTest
@testable import LaminaGL

/// EGL start-up and shader loading. GL is never skipped: if EGL cannot start, these tests fail with the
/// reason (the list of platforms tried).
final class GLContextTests: XCTestCase {
    func testContextCreation_anyPlatform_reportsPlatformAndGLES3() throws {
        let context = try GLContext(forced: nil)
        let info = GPUInfo(context: context)
        XCTAssertTrue(info.glVersion.hasPrefix("OpenGL ES 3"), info.glVersion)
        XCTAssertFalse(info.glRenderer.isEmpty)
        print("GPUInfo:\n\(info)")
    }

    func testContextCreation_forcedPlatform_usesItOrNamesWhyNot() {
        for choice in EGLPlatformChoice.allCases {
            do {
                let r = try GPURenderer(platform: choice)
                XCTAssertEqual(r.info.platform, choice)
                print("platform \(choice): OK, \(r.info.platformDetail), \(r.info.glRenderer)")
            } catch GLError.noPlatform(let attempts) {
                XCTAssertTrue(attempts.allSatisfy { $0.hasPrefix(choice.rawValue) }, "\(attempts)")
                XCTAssertFalse(attempts.isEmpty)
                print("platform \(choice): unavailable: \(attempts)")
            } catch {
                XCTFail("platform \(choice): unexpected error \(error)")
            }
        }
    }

    func testNoPlatformError_mentionsCPUBackend() {
        let text = "\(GLError.noPlatform(attempts: ["gbm: no render node"]))"
        XCTAssertTrue(text.contains("--backend cpu") && text.contains("gbm: no render node"), text)
    }

    func testShaderCompile_syntaxError_namesFileAndLine() throws {
        let context = try GLContext(forced: nil)
        defer { withExtendedLifetime(context) {} }
        let vert = try ShaderSource.load(named: "quad.vert")
        let broken = """
        #version 300 es
        precision highp float;
        out vec4 color;
        void main() {
            color = vec4(1.0) +;
        }
        """
        let frag = try ShaderSource(name: "broken.frag", text: broken) { _ in "" }
        XCTAssertThrowsError(try ShaderProgram(vertex: vert, fragment: frag)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("broken.frag:5:"), text)
        }
    }

    func testShaderCompile_errorInIncludedFile_namesIncludedFileAndLine() throws {
        let context = try GLContext(forced: nil)
        defer { withExtendedLifetime(context) {} }
        let vert = try ShaderSource.load(named: "quad.vert")
        let main = "#version 300 es\nprecision highp float;\n#include \"lib.glsl\"\nout vec4 c;\nvoid main() { c = f(); }\n"
        let lib = "vec4 f() {\n  return vec4(1.0)\n}\n"
        let frag = try ShaderSource(name: "main.frag", text: main) { _ in lib }
        XCTAssertThrowsError(try ShaderProgram(vertex: vert, fragment: frag)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("lib.glsl:3:") || text.contains("lib.glsl:2:"), text)
        }
    }

    /// Defines are added after the includes are expanded: an error after an include, in a variant with
    /// defines, names the file's own line.
    func testShaderCompile_errorAfterAnIncludeWithDefines_namesTheFilesLine() throws {
        let context = try GLContext(forced: nil)
        defer { withExtendedLifetime(context) {} }
        let vert = try ShaderSource.load(named: "quad.vert", defines: ["INSTANCED"])
        let main = "#version 300 es\nprecision highp float;\n#include \"lib.glsl\"\nout vec4 c;\nvoid main() { c = f() +; }\n"
        let lib = "vec4 f() {\n  return vec4(1.0);\n}\n"
        let frag = try ShaderSource(name: "main.frag", text: main) { _ in lib }.defining(["A", "B 2", "C"])
        XCTAssertTrue(frag.text.hasPrefix("#version 300 es\n#define A 1\n#define B 2\n#define C 1\n#line 2 0\n"), frag.text)
        XCTAssertThrowsError(try ShaderProgram(vertex: vert, fragment: frag)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("main.frag:5:"), text)
        }
    }

    func testGLCheck_invalidEnum_namesCallAndError() throws {
        let context = try GLContext(forced: nil)
        defer { withExtendedLifetime(context) {} }
        try context.makeCurrent()
        glEnable(0x1234)
        XCTAssertThrowsError(try GLCheck.check("glEnable(0x1234)", force: true)) { error in
            XCTAssertEqual(error as? GLError, .gl(call: "glEnable(0x1234)", code: "GL_INVALID_ENUM"))
        }
    }

    func testShaderLog_driverFormats_rewrittenToFileAndLine() throws {
        let src = try ShaderSource(name: "a.frag", text: "#include \"common.glsl\"\n") { _ in "" }
        XCTAssertEqual(src.annotate(log: "0:12(5): error: syntax error"), "a.frag:12: error: syntax error")
        XCTAssertEqual(src.annotate(log: "1(7) : error C0000: bad"), "common.glsl:7: error C0000: bad")
        XCTAssertEqual(src.annotate(log: "ERROR: 1:3: 'x' : undeclared"), "common.glsl:3: 'x' : undeclared")
    }
}
