import Foundation

/// Writing an output file without harming anything but the file named.
///
/// - A regular file, or a path that does not exist yet, is written through a temporary sibling and a rename:
///   a rename within one directory is atomic on POSIX file systems, so a reader (or a crash) never sees a
///   half-written PNG. The temporary name carries the process id and a random number so concurrent writers
///   to the same directory do not collide, and it is removed on every failure.
/// - A symbolic link is followed (through chains of links, at most `maxLinks`) and its final target replaced
///   as above; the link itself stays a link.
/// - An existing path that is not a regular file (a character device such as `/dev/stdout` or `/dev/null`,
///   a FIFO, a socket) is written in place, never renamed over: replacing it would delete the device node
///   or pipe that someone else is using.
/// - A directory is an error.
public enum AtomicFile {
    /// Most symbolic links followed before giving up (a loop), as the kernel's ELOOP limit.
    public static let maxLinks = 40

    /// Writes `data` to `url` as described above; throws `ImageError.unwritable` naming `url` on failure.
    public static func write(_ data: Data, to url: URL) throws {
        let target = try resolveLinks(url.path, original: url.path)
        var info = stat()
        if lstat(target, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw ImageError.unwritable(path: url.path, reason: "it is a directory")
            default: return try writeInPlace(data, to: target, named: url.path)
            }
        }
        try replace(target, with: data, named: url.path)
    }

    /// The path `path` names once every symbolic link on its last component is followed.
    static func resolveLinks(_ path: String, original: String) throws -> String {
        var current = path
        for _ in 0..<maxLinks {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { throw ImageError.unwritable(path: original, reason: "cannot read the symbolic link \(current)") }
            let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link
                : (URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(link).path)
        }
        throw ImageError.unwritable(path: original, reason: "more than \(maxLinks) symbolic links (a loop?)")
    }

    /// Writes `data` into an existing non-regular file (device, FIFO, socket) through one descriptor.
    static func writeInPlace(_ data: Data, to path: String, named name: String) throws {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ImageError.unwritable(path: name, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress?.advanced(by: offset), raw.count - offset)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { throw ImageError.unwritable(path: name, reason: String(cString: strerror(errno))) }
                offset += n
            }
        }
    }

    /// Writes a temporary sibling of `path` and renames it over `path`.
    static func replace(_ path: String, with data: Data, named name: String) throws {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent()
        let tmp = dir.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try data.write(to: tmp)
            if rename(tmp.path, path) != 0 {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: tmp)
                throw ImageError.unwritable(path: name, reason: reason)
            }
        } catch let e as ImageError {
            throw e
        } catch {
            try? FileManager.default.removeItem(at: tmp)
            throw ImageError.unwritable(path: name, reason: error.localizedDescription)
        }
    }
}
