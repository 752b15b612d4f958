import Foundation

/// A Chrome trace-event file (the JSON object format with `traceEvents`), which Perfetto and
/// chrome://tracing open.
///
/// Only complete events (`"ph": "X"`, `ts` and `dur` in microseconds) and thread-name metadata are
/// written; everything is one process, with one thread row per kind of work (stages, CPU passes).
struct ProfileTrace {
    struct Event {
        var name: String
        var category: String
        var thread: Int
        /// Start and duration in milliseconds from the trace's origin.
        var start: Double
        var duration: Double
        /// Values shown in the event's details: already-encoded JSON values by key.
        var args: [(String, String)]
    }

    var threadNames: [Int: String] = [:]
    var events: [Event] = []

    mutating func add(_ name: String, category: String, thread: Int, start: Double, duration: Double,
                      args: [(String, String)] = []) {
        events.append(Event(name: name, category: category, thread: thread, start: start, duration: duration, args: args))
    }

    var json: String {
        var items: [String] = []
        for (tid, name) in threadNames.sorted(by: { $0.key < $1.key }) {
            items.append("{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": \(tid), \"args\": {\"name\": \(jsonString(name))}}")
        }
        items.append("{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 1, \"args\": {\"name\": \"lamina\"}}")
        for e in events {
            let args = e.args.map { "\(jsonString($0.0)): \($0.1)" }.joined(separator: ", ")
            items.append("{\"name\": \(jsonString(e.name)), \"cat\": \(jsonString(e.category)), \"ph\": \"X\", "
                         + "\"ts\": \(String(format: "%.3f", e.start * 1000)), \"dur\": \(String(format: "%.3f", e.duration * 1000)), "
                         + "\"pid\": 1, \"tid\": \(e.thread), \"args\": {\(args)}}")
        }
        return "{\"displayTimeUnit\": \"ms\", \"traceEvents\": [\n" + items.joined(separator: ",\n") + "\n]}\n"
    }
}
