import Foundation
import LaminaImage

/// The commands of `lamina-fuzz` built without libFuzzer (a plain `swift build`), for reproducing findings
/// and checking the mutator where libFuzzer is not at hand.
enum ReplayDriver {
    static let usage = """
        usage: lamina-fuzz FILE|DIR...             run each input through the fuzz target, print its outcome
               lamina-fuzz --mutate N FILE|DIR...  run N structural mutants of each seed, print a tally
               lamina-fuzz --self-test             check the hostile PNG builder and the JSON round trip
        Settings: -lamina_NAME=VALUE flags anywhere on the line (FuzzSettings.swift: -lamina_base=DIR,
        -lamina_gpu=1, -lamina_verbose=1, ...). The fuzzer itself is built with tools/fuzz/run.sh (libFuzzer
        flags then apply beside them).
        """

    /// Runs the command line `args` (program name excluded); returns the exit status.
    static func run(_ args: [String]) -> Int32 {
        guard let first = args.first, first != "-h", first != "--help" else {
            print(usage)
            return args.isEmpty ? 2 : 0
        }
        switch first {
        case "--self-test":
            return selfTest() ? 0 : 1
        case "--mutate":
            guard args.count >= 3, let n = Int(args[1]), n > 0 else {
                print(usage)
                return 2
            }
            return mutateSeeds(count: n, files: inputs(Array(args.dropFirst(2))))
        default:
            return replay(inputs(args))
        }
    }

    /// The files named, with folders replaced by their regular files (sorted).
    static func inputs(_ args: [String]) -> [URL] {
        args.flatMap { arg -> [URL] in
            let url = URL(fileURLWithPath: arg)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: arg, isDirectory: &isDirectory), isDirectory.boolValue else {
                return [url]
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: arg)) ?? []
            return names.sorted().map { url.appendingPathComponent($0) }.filter {
                var dir: ObjCBool = false
                return FileManager.default.fileExists(atPath: $0.path, isDirectory: &dir) && !dir.boolValue
            }
        }
    }

    /// Runs each file through the fuzz target and prints `path: outcome (ms)`; 1 if a file cannot be read.
    static func replay(_ files: [URL]) -> Int32 {
        var status: Int32 = 0
        for url in files {
            guard let data = try? Data(contentsOf: url) else {
                print("\(url.path): cannot read")
                status = 1
                continue
            }
            let start = Date()
            let outcome = FuzzHarness.shared.run(data)
            print("\(url.path): \(outcome) (\(Int(Date().timeIntervalSince(start) * 1000)) ms)")
        }
        return status
    }

    /// Runs `count` chained structural mutants of each seed (each mutant mutates the last one the decoder
    /// accepted, as a fuzzing corpus grows from inputs that reach further) and prints how many reached each
    /// outcome. `-lamina_verbose=1` prints every outcome; `-lamina_current=FILE` writes each mutant there
    /// before running it, so a mutant that crashes the process is left behind (`FuzzSettings`).
    static func mutateSeeds(count: Int, files: [URL]) -> Int32 {
        var tally: [String: Int] = [:]
        var slowest = (ms: 0, seed: "", index: 0)
        let verbose = FuzzSettings.process.verbose
        let keep = FuzzSettings.process.current
        for (s, url) in files.enumerated() {
            guard let seed = try? Data(contentsOf: url) else { continue }
            var accepted = [UInt8](seed)
            for i in 0..<count {
                let seedValue = UInt64(s) << 32 | UInt64(i)
                let current = mutateScene(accepted, maxSize: 1 << 20, seed: seedValue) ?? [UInt8](seed)
                if let keep { try? Data(current).write(to: keep) }
                let start = Date()
                let outcome = FuzzHarness.shared.run(Data(current))
                if case .sceneRefused = outcome {} else { accepted = current }
                let ms = Int(Date().timeIntervalSince(start) * 1000)
                if ms > slowest.ms { slowest = (ms, url.lastPathComponent, i) }
                tally[outcome.kind, default: 0] += 1
                if verbose { print("\(url.lastPathComponent) #\(i): \(outcome)") }
            }
        }
        let parts = tally.keys.sorted().map { "\($0) \(tally[$0] ?? 0)" }
        print("mutants: \(parts.joined(separator: ", ")); slowest \(slowest.ms) ms (\(slowest.seed) #\(slowest.index))")
        return 0
    }

    /// Checks that valid hostile PNGs decode at their claimed size, the broken ones are refused, and JSON
    /// survives a parse/serialize round trip. Prints one line per check; false if any failed.
    static func selfTest() -> Bool {
        var ok = true
        func expect(_ what: String, _ passed: Bool) {
            print("\(passed ? "ok  " : "FAIL") \(what)")
            ok = ok && passed
        }
        for (w, h) in [(16384, 64), (1, 16384), (4096, 4096)] {
            let png = HostilePNG.file(width: UInt32(w), height: UInt32(h), depth: 1, colorType: 0,
                                      idat: HostilePNG.zlibZeros(count: h * (1 + (w + 7) / 8)))
            let image = try? PNG.decode(Data(png))
            expect("\(w)x\(h) zero image (\(png.count) bytes) decodes", image?.width == w && image?.height == h)
        }
        var rng = FuzzRandom(seed: 1)
        expect("tiny RGBA image decodes", (try? PNG.decode(Data(HostilePNG.make(.tinyValid, rng: &rng)))) != nil)
        for kind in [HostilePNG.Kind.lyingHeader, .truncated, .zeroSize, .badCRC, .invalidFormat] {
            let refused = (0..<20).allSatisfy { _ in (try? PNG.decode(Data(HostilePNG.make(kind, rng: &rng)))) == nil }
            expect("\(kind) images are refused", refused)
        }
        let text = #"{"a":[1,-0,1e999,"\u00e9\n",{"a":1,"a":2}],"b":null,"c":true,"d":0.5}"#
        let parsed = FuzzJSON.parse(Array(text.utf8))
        expect("JSON round trip", parsed.map { FuzzJSON.parse($0.serialized()) == $0 } ?? false)
        expect("duplicate keys kept", parsed?["a"].map { SceneMutator.count(of: $0) } == 5)
        expect("malformed JSON refused", FuzzJSON.parse(Array("{\"a\":".utf8)) == nil)
        return ok
    }
}
