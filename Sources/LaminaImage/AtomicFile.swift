import Foundation

/// Writing a file through a temporary sibling and a rename.
///
/// A rename within one directory is atomic on POSIX file systems, so a reader (or a crash) never sees a
/// half-written PNG; the temporary name carries the process id and a random number so concurrent writers
/// to the same directory do not collide.
public enum AtomicFile {
    /// Writes `data` to `url` atomically; throws `ImageError.unwritable` naming `url` on failure.
    public static func write(_ data: Data, to url: URL) throws {
        let dir = url.deletingLastPathComponent()
        let tmp = dir.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try data.write(to: tmp)
            if rename(tmp.path, url.path) != 0 {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: tmp)
                throw ImageError.unwritable(path: url.path, reason: reason)
            }
        } catch let e as ImageError {
            throw e
        } catch {
            try? FileManager.default.removeItem(at: tmp)
            throw ImageError.unwritable(path: url.path, reason: error.localizedDescription)
        }
    }
}
