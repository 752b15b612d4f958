import Foundation

/// Reftest results as JUnit XML, which CI systems (GitHub Actions' reporters, GitLab, Jenkins) show per test.
public enum JUnitReport {
    /// The results as one JUnit `testsuites` document: a `testcase` per reftest, classed by its scene's
    /// directory, with `failure` for a failed test and `error` for one that could not be judged.
    public static func xml(_ results: [ReftestResult], suite: String = "lamina test") -> String {
        let failures = results.filter { $0.status == .fail }.count
        let errors = results.filter { $0.status == .invalid || $0.status == .error }.count
        let total = results.reduce(0) { $0 + $1.seconds }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(seconds(total))\">\n"
        out += "  <testsuite name=\"\(escape(suite))\" tests=\"\(results.count)\" failures=\"\(failures)\" "
            + "errors=\"\(errors)\" time=\"\(seconds(total))\">\n"
        for r in results {
            let classname = r.reftest.test.deletingLastPathComponent().lastPathComponent
            out += "    <testcase classname=\"\(escape(classname))\" name=\"\(escape(r.reftest.name))\" "
                + "time=\"\(seconds(r.seconds))\""
            switch r.status {
            case .pass where r.updated:
                out += ">\n      <system-out>\(escape(r.message))</system-out>\n    </testcase>\n"
            case .pass:
                out += "/>\n"
            case .fail:
                out += ">\n      <failure message=\"\(escape(r.message))\" type=\"reftest\">\(escape(r.reftest.origin))"
                    + "</failure>\n    </testcase>\n"
            case .invalid, .error:
                out += ">\n      <error message=\"\(escape(r.message))\" type=\"\(r.status.rawValue)\">"
                    + "\(escape(r.reftest.origin))</error>\n    </testcase>\n"
            }
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    static func seconds(_ s: Double) -> String { String(format: "%.3f", s) }

    /// XML text and attribute escaping; control characters XML 1.0 cannot hold become U+FFFD.
    static func escape(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(u)
            default:
                if u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF { out += "\u{FFFD}" } else { out.unicodeScalars.append(u) }
            }
        }
        return out
    }
}
