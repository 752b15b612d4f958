import Foundation
import XCTest
@testable import LaminaImage

/// `AtomicFile.write` harms nothing but the file it is asked to write: links are followed and their targets
/// replaced, FIFOs and devices written in place, directories refused, and failures leave no temporary file.
final class OutputFileTests: XCTestCase {
    private func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    func testRegularFile_isReplaced() throws {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("out.png")
        try Data("old".utf8).write(to: file)
        try AtomicFile.write(Data("new".utf8), to: file)
        XCTAssertEqual(try Data(contentsOf: file), Data("new".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["out.png"])
    }

    func testSymlink_isFollowed_andStaysALink() throws {
        let dir = try temporaryDirectory()
        let target = dir.appendingPathComponent("target.png"), link = dir.appendingPathComponent("link.png")
        try Data("old".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "target.png")
        try AtomicFile.write(Data("new".utf8), to: link)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "target.png")
        XCTAssertEqual(try Data(contentsOf: target), Data("new".utf8))
    }

    func testDanglingSymlink_createsItsTarget() throws {
        let dir = try temporaryDirectory()
        let link = dir.appendingPathComponent("link.png")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: dir.appendingPathComponent("new.png").path)
        try AtomicFile.write(Data("x".utf8), to: link)
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("new.png")), Data("x".utf8))
    }

    func testSymlinkLoop_isAnError() throws {
        let dir = try temporaryDirectory()
        let a = dir.appendingPathComponent("a"), b = dir.appendingPathComponent("b")
        try FileManager.default.createSymbolicLink(atPath: a.path, withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: b.path, withDestinationPath: "a")
        XCTAssertThrowsError(try AtomicFile.write(Data("x".utf8), to: a)) { error in
            XCTAssertTrue("\(error)".contains("symbolic links"), "\(error)")
        }
    }

    func testDirectory_isAnError_andUntouched() throws {
        let dir = try temporaryDirectory()
        XCTAssertThrowsError(try AtomicFile.write(Data("x".utf8), to: dir)) { error in
            XCTAssertEqual("\(error)", "cannot write \(dir.path): it is a directory")
        }
        var isDirectory: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDirectory) && isDirectory.boolValue)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }

    /// A FIFO is written through, not renamed over: a reader on it gets the bytes and it stays a FIFO.
    func testFIFO_isWrittenInPlace() throws {
        let dir = try temporaryDirectory()
        let fifo = dir.appendingPathComponent("pipe")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let payload = Data((0..<100_000).map { UInt8($0 % 251) })
        // The reader hands its bytes over through the semaphore, so the two threads never share the data.
        final class Inbox: @unchecked Sendable { var data = Data() }
        let inbox = Inbox(), done = DispatchSemaphore(value: 0)
        let reader = Thread {
            if let handle = FileHandle(forReadingAtPath: fifo.path) { inbox.data = handle.readDataToEndOfFile() }
            done.signal()
        }
        reader.start()
        try AtomicFile.write(payload, to: fifo)
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(inbox.data, payload)
        var info = stat()
        XCTAssertEqual(lstat(fifo.path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO)
    }

    /// /dev/null, a character device, is written in place and stays a device.
    func testCharacterDevice_isWrittenInPlace() throws {
        try AtomicFile.write(Data("discarded".utf8), to: URL(fileURLWithPath: "/dev/null"))
        var info = stat()
        XCTAssertEqual(lstat("/dev/null", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR)
    }
}
