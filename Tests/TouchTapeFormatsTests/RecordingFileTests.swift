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
}
