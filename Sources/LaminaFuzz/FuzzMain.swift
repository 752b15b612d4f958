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
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(llvmFuzzerRunDriver(&argc, &argv, fuzzOne))
    }
}
#else
/// The plain build's entry point (no libFuzzer): replays inputs, runs structural mutants of seeds, and
/// checks the fuzzer's own building blocks (`ReplayDriver`).
@main
enum ReplayMain {
    static func main() {
        exit(ReplayDriver.run(Array(CommandLine.arguments.dropFirst())))
    }
}
#endif
