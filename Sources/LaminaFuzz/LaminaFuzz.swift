// LaminaFuzz: a libFuzzer target for the whole scene pipeline, and the replay driver that stands in for
// libFuzzer in a plain build.
//
// Owns the fuzz entry points (`FuzzEntry.swift`: `LLVMFuzzerTestOneInput`, `LLVMFuzzerCustomMutator`), the
// harness that runs one input through SceneDecoder -> Planner -> CPURenderer (and GPURenderer) under lowered
// `ResourceLimits` (`FuzzHarness`), and the structure-aware mutator (`SceneMutator`, its vocabulary of scene
// keys, `HostilePNG`, and `FuzzJSON`, a JSON tree that keeps duplicate keys and raw number tokens).
//
// Built two ways from the same sources. `swift build` (CI, tests): `ReplayMain` replays files and checks the
// mutator, no libFuzzer involved. `tools/fuzz/run.sh`: `-sanitize=fuzzer -DLAMINA_LIBFUZZER`, where `FuzzMain`
// hands the command line to `LLVMFuzzerRunDriver`.
//
// Rejected: libFuzzer's own `main` with `-parse-as-library`. SwiftPM links an executable's `main` to
// `<module>_main` (`--defsym`), which `-parse-as-library` never emits, so that link fails on Linux; a Swift
// `@main` calling `LLVMFuzzerRunDriver` needs neither the flag nor knowledge of SwiftPM's symbol names.
// Rejected: Foundation's JSONSerialization for the mutator. It drops duplicate keys and refuses `1e999`, the
// very inputs worth producing, and on Linux reports booleans as numbers.
