import Foundation
import Glibc
import Testing
import TouchTapeFormats

private typealias S = OutputScratch

/// The recorder's file follows the writer's rules, except that a regular file is written
/// in place (readable while the recording grows) instead of renamed into place at the end.
@Suite struct RecordingFileTests {
    @Test func aRegularFileIsWrittenInPlaceAndReadableAsItGrows() throws {
        let dir = S.folder(); defer { S.remove(dir) }
        let path = dir + "/pan.evemu"
        S.create(path, "an older, longer recording\n")
        let file = try RecordingFile(path: path)
        #expect(S.contents(path) == "", "truncated at once")
        try file.write("# EVEMU 1.3\n", gesturesKept: 0)
        try file.commit(gesturesKept: 0)
        #expect(S.contents(path) == "# EVEMU 1.3\n")
        #expect(S.names(in: dir) == ["pan.evemu"])
    }

    @Test func aSymlinkStaysAndItsTargetIsRecorded() throws {
        let dir = S.folder(); defer { S.remove(dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/latest.evemu", withDestinationPath: "take-3.evemu")
        let file = try RecordingFile(path: dir + "/latest.evemu")
        try file.write("# EVEMU 1.3\n", gesturesKept: 0)
        try file.commit(gesturesKept: 0)
        #expect(FileFacts(dir + "/latest.evemu")?.type == S_IFLNK)
        #expect(S.contents(dir + "/take-3.evemu") == "# EVEMU 1.3\n")
    }

    @Test func aFIFOIsWrittenThrough() throws {
        let dir = S.folder(); defer { S.remove(dir) }
        let reader = S.fifo(dir + "/live"); defer { close(reader) }
        let file = try RecordingFile(path: dir + "/live")
        try file.write("E: 0.000001 0003 0035 10\n", gesturesKept: 0)
        try file.commit(gesturesKept: 0)   // fsync of a FIFO is EINVAL: not an error
        #expect(S.drain(reader) == "E: 0.000001 0003 0035 10\n")
        #expect(FileFacts(dir + "/live")?.type == S_IFIFO)
    }

    @Test(.enabled(if: S.isRoot, "mknod needs root"))
    func aDeviceGivenToRecordIsWrittenThroughNotReplaced() throws {
        let dir = S.folder(); defer { S.remove(dir) }
        S.characterDevice(dir + "/null", major: 1, minor: 3)
        let file = try RecordingFile(path: dir + "/null")
        try file.write("# EVEMU 1.3\n", gesturesKept: 0)
        try file.commit(gesturesKept: 0)
        file.rollBack()   // a device cannot be cut back; nothing happens
        #expect(FileFacts(dir + "/null")?.type == S_IFCHR)
    }

    @Test func fullDiskNamesTheFileAndWhatWasKept() {
        let error = RecordingFileError(path: "/mnt/small/pan.evemu", errno: ENOSPC, gesturesKept: 2)
        #expect(error.message == "no space left on device while writing /mnt/small/pan.evemu")
        #expect(error.hint.contains("2 gesture(s)"))
    }

    /// A folder as the file: said so, with a file name in it as the hint (it was "adir keeps
    /// the 0 gesture(s) completed before the failure").
    @Test func aFolderIsNamedAndNoGestureIsNotCountedAsKept() throws {
        let dir = S.folder(); defer { S.remove(dir) }
        #expect(throws: RecordingFileError.self) { _ = try RecordingFile(path: dir) }
        do { _ = try RecordingFile(path: dir) } catch {
            #expect(error.message == "cannot write \(dir): it is a folder")
            #expect(error.hint == "give a file name in it, e.g. -o \(dir)/pan.evemu")
        }
        let io = RecordingFileError(path: "pan.evemu", errno: EIO, gesturesKept: 0)
        #expect(io.hint == "no gesture was completed before the failure")
        #expect(RecordingFileError(path: "pan.evemu", errno: EIO, gesturesKept: 3).hint.contains("keeps the 3 gesture(s)"))
    }

    /// A stop signal that ended the wait for a FIFO's reader says so (exit 128 + signal in the CLI).
    @Test func anInterruptedWaitIsSaid() {
        let error = RecordingFileError(path: "out.fifo", errno: EINTR, gesturesKept: 0, interruptedBy: SIGINT)
        #expect(error.message == "interrupted by SIGINT while waiting for a reader of out.fifo")
        #expect(error.hint == "nothing was written to out.fifo")
    }
}

/// `new`: an existing file is never taken (`O_EXCL`), so two writers cannot both make it.
@Test func aNewRecordingFileIsNeverAnExistingOne() throws {
    let dir = S.folder(); defer { S.remove(dir) }
    let path = dir + "/a.evemu"
    let first = try RecordingFile(path: path, new: true)
    try first.write("# EVEMU 1.3\n", gesturesKept: 0)
    #expect(first.regularFile == path)
    do {
        _ = try RecordingFile(path: path, new: true)
        Issue.record("an existing file was taken")
    } catch {
        #expect(error.errno == EEXIST)
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "# EVEMU 1.3\n")
    // Removed by another program: the next write says so rather than writing into no file.
    #expect(unlink(path) == 0)
    do {
        try first.write("N: x\n", gesturesKept: 0)
        Issue.record("a write went to a file no path names")
    } catch {
        #expect(error.replaced && error.message.contains("replaced or removed by another program"))
    }
}
