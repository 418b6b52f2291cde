import Dispatch
import Foundation
import Glibc
import Testing
import TouchTapeFormats

/// A lock taken on another thread, so the test can hold the conflicting lock meanwhile.
/// The thread reports when it starts waiting (the notice) and when it has the lock;
/// the test blocks on those reports (semaphores), never on time.
private final class LockOnAnotherThread: @unchecked Sendable {
    let waiting = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    private(set) var inode: ino_t = 0
    private(set) var error: FileLockError?

    init(path: String, kind: FileLock.Kind) {
        Thread.detachNewThread { [self] in
            do throws(FileLockError) {
                let lock = try FileLock(path: path, kind: kind, whenBusy: .wait(notice: { self.waiting.signal() }))
                var info = stat()
                fstat(lock.descriptor, &info)
                inode = info.st_ino
            } catch {
                self.error = error
            }
            done.signal()
        }
    }
}

@Suite struct FileLockTests {
    private func file(_ text: String = "recording\n") -> (dir: String, path: String) {
        let dir = TestSupport.temporaryDirectory()
        let path = dir + "/pan.evemu"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return (dir, path)
    }

    private func inode(_ path: String) -> ino_t {
        var info = stat()
        stat(path, &info)
        return info.st_ino
    }

    @Test func readersShareAndAWriterIsRefusedWhileTheyRead() throws {
        let (dir, path) = file(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let first = try FileLock(path: path, kind: .shared, whenBusy: .refuse)
        let second = try FileLock(path: path, kind: .shared, whenBusy: .refuse)
        #expect(first.isLocked && second.isLocked)
        #expect(throws: FileLockError(path: path, errno: EWOULDBLOCK)) {
            _ = try FileLock(path: path, kind: .exclusive, whenBusy: .refuse)
        }
        #expect(FileLockError(path: path, errno: EWOULDBLOCK).message == "another touchtape is working on \(path)")
    }

    /// The waiter says it waits (once), then gets the lock when the holder lets go.
    @Test func aWriterWaitsForTheHolderAndSaysSo() throws {
        let (dir, path) = file(); defer { try? FileManager.default.removeItem(atPath: dir) }
        var held: FileLock? = try FileLock(path: path, kind: .exclusive, whenBusy: .refuse)
        let other = LockOnAnotherThread(path: path, kind: .exclusive)
        other.waiting.wait()
        #expect(held?.isLocked == true)
        held = nil
        other.done.wait()
        #expect(other.error == nil)
        #expect(other.inode == inode(path))
    }

    /// A rewrite renamed a new file over the path while the waiter waited on the old one:
    /// the waiter ends up holding the new file, not the unlinked old one.
    @Test func aWaiterThatLockedAReplacedFileLocksTheNewOne() throws {
        let (dir, path) = file("old\n"); defer { try? FileManager.default.removeItem(atPath: dir) }
        var held: FileLock? = try FileLock(path: path, kind: .exclusive, whenBusy: .refuse)
        let old = inode(path)
        let other = LockOnAnotherThread(path: path, kind: .shared)
        other.waiting.wait()
        #expect(held?.isLocked == true)
        // The holder's rewrite: a new file renamed over the path, then the lock is let go.
        try OutputFile.write("new\n", to: path)
        #expect(inode(path) != old)
        held = nil
        other.done.wait()
        #expect(other.error == nil)
        #expect(other.inode == inode(path))
        #expect(other.inode != old)
    }

    @Test func aFIFOIsOpenedButNotLocked() throws {
        let dir = TestSupport.temporaryDirectory(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/stream"
        let bothEnds = OutputScratch.fifo(path); defer { close(bothEnds) }
        let lock = try FileLock(path: path, kind: .shared, whenBusy: .refuse)
        #expect(!lock.isLocked)
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: FileLockError(path: "/nonexistent-dir/x.evemu", errno: ENOENT)) {
            _ = try FileLock(path: "/nonexistent-dir/x.evemu", kind: .exclusive, whenBusy: .refuse)
        }
    }

    /// The readers of the formats module take the shared lock: a file locked for a rewrite
    /// is read once the rewrite is done, and the reader is told it waits.
    @Test func aRecordingIsReadAfterTheRewriteHoldingItsLock() throws {
        let source = TestSupport.peer("dell_canvas_touch.evemu")
        let (dir, path) = file(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let whole = try String(contentsOfFile: source, encoding: .utf8)
        try OutputFile.write(String(whole.prefix(whole.count / 2)), to: path)   // half: unreadable
        var held: FileLock? = try FileLock(path: path, kind: .exclusive, whenBusy: .refuse)

        final class Result: @unchecked Sendable { var events = 0; var error: RecordingError? }
        let result = Result()
        let waiting = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do throws(RecordingError) {
                result.events = try RecordingReader.read(path: path, locking: .shared(waiting: { _ in waiting.signal() })).events.count
            } catch {
                result.error = error
            }
            done.signal()
        }
        waiting.wait()
        #expect(held?.isLocked == true)
        try OutputFile.write(whole, to: path)
        held = nil
        done.wait()
        #expect(result.error == nil)
        #expect(result.events == (try RecordingReader.read(path: source).events.count))
    }
}
