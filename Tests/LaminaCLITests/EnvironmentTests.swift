import LaminaCore
import XCTest
@testable import lamina
import LaminaGraph

/// The command line's environment variables map to `RenderOptions` with one polarity: a fast path's
/// variable set to 0 turns it off, anything else leaves it on; `LAMINA_GL_CHECK` sets the error checks.
final class EnvironmentTests: XCTestCase {
    func testEveryVariable_turnsItsOptionOff_atZeroOnly() {
        XCTAssertEqual(LaminaEnvironment.options([:]), RenderOptions.default)
        for (name, option) in LaminaEnvironment.switches {
            let off = LaminaEnvironment.options([name: "0"])
            XCTAssertFalse(off[keyPath: option], name)
            var expected = RenderOptions.default
            expected[keyPath: option] = false
            XCTAssertEqual(off, expected, "\(name) turns off its option and nothing else")
            XCTAssertEqual(LaminaEnvironment.options([name: "1"]), RenderOptions.default, name)
        }
        XCTAssertEqual(Set(LaminaEnvironment.switches.map(\.name)).count, LaminaEnvironment.switches.count)
        XCTAssertEqual(LaminaEnvironment.options(["LAMINA_GL_CHECK": "1"]).checksGLErrors, true)
        XCTAssertEqual(LaminaEnvironment.options(["LAMINA_GL_CHECK": "0"]).checksGLErrors, false)
        XCTAssertNil(LaminaEnvironment.options([:]).checksGLErrors)
        XCTAssertEqual(LaminaEnvironment.options(["LAMINA_GL_PATH_COVERAGE": "stencil"]).pathCoverage, .stencil)
        XCTAssertEqual(LaminaEnvironment.options(["LAMINA_GL_PATH_COVERAGE": "trapezoids"]).pathCoverage, .trapezoids)
        XCTAssertEqual(LaminaEnvironment.options(["LAMINA_GL_PATH_COVERAGE": "bogus"]), RenderOptions.default)
        // The names before one polarity are not read.
        XCTAssertEqual(LaminaEnvironment.options(["LAMINA_NO_FAST_PATHS": "1", "LAMINA_GL_FASTPATHS": "0"]),
                       RenderOptions.default)
    }
}

/// `lamina bench --cold` keeps nothing a frame draws for the next: the options the four keeping switches
/// turn off, and nothing else.
final class BenchColdTests: XCTestCase {
    func testCold_isTheFiveKeepingSwitchesOff() throws {
        let off = LaminaEnvironment.options(["LAMINA_CPU_KEPT_DRAWS": "0", "LAMINA_CPU_KEPT_PATHS": "0",
                                             "LAMINA_KEEP_BLURS": "0", "LAMINA_GL_KEEP_PATHS": "0",
                                             "LAMINA_GL_KEEP_DRAWS": "0"])
        XCTAssertEqual(BenchSession.cold(.default), off)
        XCTAssertNotEqual(off, RenderOptions.default)
        XCTAssertTrue(try BenchCommand.parse(["--cold"]).cold)
        XCTAssertFalse(try BenchCommand.parse([]).cold)
    }
}
