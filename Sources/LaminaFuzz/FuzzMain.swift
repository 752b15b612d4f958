import Foundation

#if LAMINA_LIBFUZZER
/// libFuzzer's driver: parses libFuzzer's flags from the command line and runs the fuzzing loop.
@_extern(c, "LLVMFuzzerRunDriver")
func llvmFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// The fuzzer build's entry point: hands the command line to libFuzzer's driver.
///
/// SwiftPM links an executable's `main` to its module's Swift entry point (`--defsym main=LaminaFuzz_main`),
/// so libFuzzer's own `main` cannot be used; a Swift `main` that calls `LLVMFuzzerRunDriver` keeps the
/// build an ordinary `swift build` (no `-parse-as-library`, no SwiftPM internals).
@main
enum FuzzMain {
    static func main() {
        // Our -lamina_ flags are taken out; libFuzzer parses the rest.
        let settings: FuzzSettings, rest: [String]
        do {
            (settings, rest) = try FuzzSettings.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            fputs("\(error)\n", stderr)
            exit(2)
        }
        FuzzSettings.process = settings
        var cStrings = ([CommandLine.arguments.first ?? "lamina-fuzz"] + rest).map { strdup($0) }
        cStrings.append(nil)
        var argc = CInt(cStrings.count - 1)
        cStrings.withUnsafeMutableBufferPointer { buffer in
            guard var argv = buffer.baseAddress else { exit(2) }
            exit(llvmFuzzerRunDriver(&argc, &argv, fuzzOne))
        }
    }
}
#else
/// The plain build's entry point (no libFuzzer): replays inputs, runs structural mutants of seeds, and
/// checks the fuzzer's own building blocks (`ReplayDriver`).
@main
enum ReplayMain {
    static func main() {
        do {
            let (settings, rest) = try FuzzSettings.parse(Array(CommandLine.arguments.dropFirst()))
            FuzzSettings.process = settings
            exit(ReplayDriver.run(rest))
        } catch {
            fputs("\(error)\n", stderr)
            exit(2)
        }
    }
}
#endif
