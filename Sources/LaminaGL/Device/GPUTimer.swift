import CGLES

/// GPU time per pass from GL_EXT_disjoint_timer_query; owns its query objects and deletes them in `deinit`.
///
/// GLES 3.0's core query functions take the extension's GL_TIME_ELAPSED_EXT target (the extension's
/// interaction with ES 3.0), so no entry point is looked up. Results are read as 32-bit nanoseconds
/// (glGetQueryObjectuiv), enough for any pass under 4.2 s. When the GPU reports a disjoint event
/// (GL_GPU_DISJOINT_EXT: a clock change or context switch) the frame's times are dropped as unreliable.
final class GPUTimer {
    /// Whether the context has the extension.
    let available: Bool
    private var free: [GLuint] = []
    private var pending: [(pass: Int, query: GLuint)] = []
    private var active: GLuint?

    init(available: Bool) {
        self.available = available
    }

    deinit {
        let all = free + pending.map(\.query)
        if !all.isEmpty { glDeleteQueries(GLsizei(all.count), all) }
    }

    /// Starts timing pass number `pass` (only one query can be active, GLES 3.0 §2.14).
    func begin(pass: Int) {
        guard available, active == nil else { return }
        if free.isEmpty {
            var q: GLuint = 0
            glGenQueries(1, &q)
            free.append(q)
        }
        guard let q = free.popLast() else { return }
        // Reading the disjoint flag clears it, so the frame starts clean.
        var disjoint: GLint = 0
        if pending.isEmpty { glGetIntegerv(0x8FBB /* GL_GPU_DISJOINT_EXT */, &disjoint) }
        glBeginQuery(0x88BF /* GL_TIME_ELAPSED_EXT */, q)
        active = q
        pending.append((pass, q))
    }

    func end() {
        guard active != nil else { return }
        glEndQuery(0x88BF)
        active = nil
    }

    /// Seconds per pass index for the frame's queries, waiting for results (call after readback, which has
    /// already waited for the GPU); empty when a disjoint event made the times meaningless.
    func collect() -> [Int: Double] {
        defer { free += pending.map(\.query); pending.removeAll() }
        var times: [Int: Double] = [:]
        for (pass, q) in pending {
            var ns: GLuint = 0
            glGetQueryObjectuiv(q, GLenum(GL_QUERY_RESULT), &ns)
            times[pass, default: 0] += Double(ns) / 1e9
        }
        var disjoint: GLint = 0
        glGetIntegerv(0x8FBB, &disjoint)
        return disjoint != 0 ? [:] : times
    }
}
