import ArgumentParser

/// Which renderers `lamina demo` runs: both (the default, for the parity column), or one.
enum DemoBackends: String, ExpressibleByArgument, CaseIterable {
    case both, gpu, cpu

    var usesGPU: Bool { self != .cpu }
    var usesCPU: Bool { self != .gpu }
}
