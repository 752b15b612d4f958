import Foundation

// libFuzzer's entry points. They are plain C symbols in both builds; only the libFuzzer build (compiled with
// `-DLAMINA_LIBFUZZER` and `-sanitize=fuzzer`) links the runtime that calls them and provides
// `LLVMFuzzerMutate`.

#if LAMINA_LIBFUZZER
/// libFuzzer's own byte-level mutator (insert, erase, flip, copy, dictionary...), in place; returns the new size.
@_extern(c, "LLVMFuzzerMutate")
func llvmFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int
#endif

/// libFuzzer's test entry: runs one input through the pipeline. Always returns 0 (keep the input if new);
/// what counts as a finding is the process trapping, aborting, hanging or outgrowing its memory limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    _ = FuzzHarness.shared.run(bytes)
    return 0
}

/// libFuzzer's custom mutator: a structural scene mutation (`SceneMutator`) when the input is JSON and the
/// mutant fits in `maxSize`, libFuzzer's byte mutation otherwise (and one time in eight regardless, so that
/// strings and number spellings still change byte by byte). Returns the new size.
@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzMutate(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    guard let data, maxSize > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: min(size, maxSize)))
    var rng = FuzzRandom(seed: UInt64(seed))
    if !rng.chance(8), let mutant = mutateScene(input, maxSize: maxSize, seed: rng.next()) {
        _ = UnsafeMutableBufferPointer(start: data, count: mutant.count).update(fromContentsOf: mutant)
        return mutant.count
    }
    return mutateBytes(data, size: min(size, maxSize), maxSize: maxSize, seed: rng.next())
}

/// A structural mutant of `input` at most `maxSize` bytes long, or nil when `input` is not JSON, the mutation
/// changed nothing or the mutant is too long.
func mutateScene(_ input: [UInt8], maxSize: Int, seed: UInt64) -> [UInt8]? {
    guard var doc = FuzzJSON.parse(input) else { return nil }
    let original = doc
    var mutator = SceneMutator(seed: seed)
    for _ in 0..<4 where doc == original { mutator.mutate(&doc) }
    let out = doc.serialized()
    guard doc != original, !out.isEmpty, out.count <= maxSize else { return nil }
    return out
}

/// Byte-level mutation in place: libFuzzer's `LLVMFuzzerMutate` in the fuzzer build, a few random byte
/// changes in the replay build (which has no libFuzzer). Returns the new size.
func mutateBytes(_ data: UnsafeMutablePointer<UInt8>, size: Int, maxSize: Int, seed: UInt64) -> Int {
    #if LAMINA_LIBFUZZER
    return llvmFuzzerMutate(data, size, maxSize)
    #else
    var rng = FuzzRandom(seed: seed)
    guard size > 0 else {
        data[0] = UInt8(ascii: "{")
        return 1
    }
    for _ in 0..<1 + rng.below(4) { data[rng.below(size)] = UInt8(truncatingIfNeeded: rng.next()) }
    return size
    #endif
}
