import Foundation
import Glibc
import Testing
import TouchTapeFormats

/// What `lstat` says a path is, and the bits the writer must keep.
struct FileFacts: Equatable {
    var type: mode_t
    var mode: mode_t
    var inode: ino_t

    init?(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        type = info.st_mode & S_IFMT
        mode = info.st_mode & 0o7777
        inode = info.st_ino
    }
}

/// Scratch folders, device nodes and FIFOs for the writer tests (never the machine's /dev).
enum OutputScratch {
    static let isRoot = getuid() == 0

    static func folder() -> String { TestSupport.temporaryDirectory() }

    static func remove(_ folder: String) { try? FileManager.default.removeItem(atPath: folder) }

    static func names(in folder: String) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
    }

    static func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    static func create(_ path: String, _ text: String, mode: mode_t = 0o644) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        chmod(path, mode)
    }

    /// A character device like /dev/null (1, 3) or /dev/full (1, 7); needs root.
    static func characterDevice(_ path: String, major: UInt32, minor: UInt32) {
        let made = mknod(path, S_IFCHR | 0o666, dev_t(major << 8 | minor))
        precondition(made == 0, "mknod \(path): \(String(cString: strerror(errno)))")
    }

    /// A FIFO and a descriptor holding both of its ends, so opening it for writing does not
    /// wait for a reader and what was written can be read back without blocking.
    static func fifo(_ path: String) -> Int32 {
        precondition(mkfifo(path, 0o644) == 0)
        let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        precondition(fd >= 0)
        return fd
    }

    /// Everything readable on a non-blocking descriptor right now.
    static func drain(_ fd: Int32) -> String {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            data += buffer[0..<n]
        }
        return String(decoding: data, as: UTF8.self)
    }
}

private typealias S = OutputScratch

@Suite struct OutputFileTests {
    /// A missing folder and a folder that makes no files (/proc gives ENOENT too) get
    /// different hints: "does not exist" was wrong for /proc.
    @Test func aFolderThatMakesNoFilesIsNotCalledMissing() throws {
        let proc = try #require(throws: OutputError.self) { _ = try OutputFile(path: "/proc/touchtape-test.html") }
        #expect(proc.hint.contains("the folder /proc makes no new files"), "\(proc.hint)")
        let missing = try #require(throws: OutputError.self) { _ = try OutputFile(path: "/nonexistent-touchtape/x.html") }
        #expect(missing.hint.contains("the folder /nonexistent-touchtape does not exist"), "\(missing.hint)")
    }

    @Test func aRegularFileIsReplacedAtCommitKeepingItsMode() throws {
        let dir = S.folder(); defer { S.remove(dir) }
        let path = dir + "/pan.evemu"
        S.create(path, "old\n", mode: 0o640)
        let before = try #require(FileFacts(path))

        let out = try OutputFile(path: path)
        #expect(out.target == .regularFile(path: path))
        try out.write("new ")
        try out.write("text\n")
        // Streamed into an unnamed temporary file in its folder (O_TMPFILE: a killed process
        // leaves nothing); the old file is untouched until commit.
        #expect(S.contents(path) == "old\n")
        #expect(S.names(in: dir) == ["pan.evemu"])
        try out.commit()

        #expect(S.contents(path) == "new text\n")
        let after = try #require(FileFacts(path))
        #expect(after.mode == 0o640)
        #expect(after.inode != before.inode, "renamed into place, not rewritten")
        #expect(S.names(in: dir) == ["pan.evemu"])
    }

    /// A long regular file is handed to the disk's write-back every 8 MiB as it is written
    /// (so the `fsync` at commit waits for the last part only); what lands is what was written.
    /// A device written through is not.
    @Test func aLongFileIsHandedToWriteBackAsItIsWritten() throws {
        let dir = S.folder(); defer { S.remove(dir) }
        let path = dir + "/long.yml"
        let chunk = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let out = try OutputFile(path: path)
        for index in 0..<20 {
            try out.write(chunk)
            #expect(out.writeBackRequests == Int(out.bytesWritten / OutputFile.writeBackSize), "after \(index + 1) MiB")
        }
        #expect(out.writeBackRequests == 2)
        try out.commit()
        let written = try #require(FileManager.default.contents(atPath: path))
        #expect(written.count == 20 << 20)
        #expect(written.elementsEqual((0..<20).lazy.flatMap { _ in chunk }))

        let device = try OutputFile(path: "/dev/null")
        for _ in 0..<9 { try device.write(chunk) }
        #expect(device.writeBackRequests == 0)
        try device.commit()
    }

    @Test func aNewFileGetsTheModeOpenWouldGiveIt() throws {
        let dir = S.folder(); defer { S.remove(dir) }
        try OutputFile.write("x\n", to: dir + "/new.yml")
        // What a plain open(O_CREAT, 0644) gives under this process's umask.
        let reference = open(dir + "/reference", O_WRONLY | O_CREAT | O_EXCL, 0o644)
        close(reference)
        #expect(FileFacts(dir + "/new.yml")?.mode == FileFacts(dir + "/reference")?.mode)
        #expect(S.contents(dir + "/new.yml") == "x\n")
    }

    @Test func anAbandonedOutputLeavesTheOriginalAndNoTemporaryFile() throws {
        let dir = S.folder(); defer { S.remove(dir) }
        let path = dir + "/pan.evemu"
        S.create(path, "old\n")
        do {
            let out = try OutputFile(path: path)
            try out.write("half a recor")
            out.discard()
        }
        do {
            let dropped = try OutputFile(path: path)   // dropped without commit
            try dropped.write("another half")
        }
        #expect(S.contents(path) == "old\n")
        #expect(S.names(in: dir) == ["pan.evemu"])
    }

    /// The rename itself fails (a folder now stands at the path): the temporary file goes
    /// and the error says the destination is unchanged.
    @Test func aFailedRenameRemovesTheTemporaryFile() throws {
        let dir = S.folder(); defer { S.remove(dir) }
        let path = dir + "/report.json"
        let out = try OutputFile(path: path)
        try out.write("{}\n")
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        #expect(throws: OutputError(name: path, errno: EISDIR, step: .rename, destinationUnchanged: true)) {
            try out.commit()
        }
        #expect(S.names(in: dir) == ["report.json"])
    }

    @Test func aSymlinkStaysAndWhatItPointsAtIsWritten() throws {
        let dir = S.folder(); defer { S.remove(dir) }
        S.create(dir + "/real.yml", "old\n", mode: 0o600)
        try FileManager.default.createSymbolicLink(atPath: dir + "/inner", withDestinationPath: "real.yml")
        try FileManager.default.createSymbolicLink(atPath: dir + "/outer", withDestinationPath: dir + "/inner")
        #expect(try OutputTarget.resolve(dir + "/outer") == .regularFile(path: dir + "/real.yml"))

        try OutputFile.write("new\n", to: dir + "/outer")
        #expect(FileFacts(dir + "/outer")?.type == S_IFLNK)
        #expect(FileFacts(dir + "/inner")?.type == S_IFLNK)
        #expect(S.contents(dir + "/real.yml") == "new\n")
        #expect(FileFacts(dir + "/real.yml")?.mode == 0o600)
        #expect(S.names(in: dir) == ["real.yml", "inner", "outer"])
    }

    @Test func aDanglingSymlinkCreatesItsTarget() throws {
        let dir = S.folder(); defer { S.remove(dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: "made.evemu")
        try OutputFile.write("made\n", to: dir + "/link")
        #expect(FileFacts(dir + "/link")?.type == S_IFLNK)
        #expect(S.contents(dir + "/made.evemu") == "made\n")
    }

    @Test func aSymlinkLoopIsAnError() throws {
        let dir = S.folder(); defer { S.remove(dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/a", withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: dir + "/b", withDestinationPath: "a")
        #expect(throws: OutputError(name: dir + "/a", errno: ELOOP, step: .resolve, destinationUnchanged: true)) {
            try OutputFile.write("x", to: dir + "/a")
        }
    }

    /// Each write reaches the FIFO's reader as it is made, before commit; the FIFO stays.
    @Test func aFIFOIsWrittenThroughAsTextComes() throws {
        let dir = S.folder(); defer { S.remove(dir) }
        let path = dir + "/stream"
        let reader = S.fifo(path); defer { close(reader) }
        let out = try OutputFile(path: path)
        #expect(out.target == .writeThrough(path: path))
        try out.write("first line\n")
        #expect(S.drain(reader) == "first line\n")
        try out.write("second line\n")
        try out.commit()
        #expect(S.drain(reader) == "second line\n")
        #expect(FileFacts(path)?.type == S_IFIFO)
        #expect(S.names(in: dir) == ["stream"])
    }

    @Test(.enabled(if: S.isRoot, "mknod needs root"))
    func aCharacterDeviceStaysADevice() throws {
        let dir = S.folder(); defer { S.remove(dir) }
        let null = dir + "/null"
        S.characterDevice(null, major: 1, minor: 3)
        try OutputFile.write("report\n", to: null)
        #expect(FileFacts(null)?.type == S_IFCHR)
        #expect(S.names(in: dir) == ["null"])
    }

    @Test(.enabled(if: S.isRoot, "mknod needs root"))
    func aFullDeviceFailsWithNoSpaceNamingThePath() throws {
        let dir = S.folder(); defer { S.remove(dir) }
        let full = dir + "/full"
        S.characterDevice(full, major: 1, minor: 7)
        var expected = OutputError(name: full, errno: ENOSPC, step: .write, destinationUnchanged: false)
        expected.bytesWritten = 0
        #expect(throws: expected) { try OutputFile.write("report\n", to: full) }
        #expect(expected.message == "cannot write \(full): No space left on device")
        #expect(FileFacts(full)?.type == S_IFCHR)
        #expect(S.names(in: dir) == ["full"])
    }

    @Test func dashAndTheProcessesOwnDescriptorsAreWrittenDirectly() throws {
        #expect(try OutputTarget.resolve("-") == .descriptor(1))
        #expect(try OutputFile(path: "-").name == "standard output")
        #expect(try OutputTarget.resolve("/dev/stdout") == .descriptor(1))
        #expect(try OutputTarget.resolve("/dev/stderr") == .descriptor(2))
        #expect(try OutputTarget.resolve("/proc/self/fd/1") == .descriptor(1))

        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let flags = fcntl(ends[0], F_GETFL)
        _ = fcntl(ends[0], F_SETFL, flags | O_NONBLOCK)
        let out = try OutputFile(path: "/dev/fd/\(ends[1])")
        #expect(out.target == .descriptor(ends[1]))
        try out.write("through the pipe\n")
        try out.commit()
        #expect(S.drain(ends[0]) == "through the pipe\n")
        // The descriptor is the caller's: commit did not close it.
        #expect(fcntl(ends[1], F_GETFD) >= 0)
        close(ends[1])
    }

    @Test func aClosedDescriptorFailsNamingStandardOutputsName() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0]); close(ends[1])
        let out = OutputFile(descriptor: ends[1], name: "standard output")
        var closed = OutputError(name: "standard output", errno: EBADF, step: .write, destinationUnchanged: false)
        closed.bytesWritten = 0
        #expect(throws: closed) { try out.write("lost") }
        #expect(closed.message == "cannot write standard output: it is closed")
    }

    @Test func aFolderOrAMissingFolderIsAnErrorThatSaysSo() throws {
        let dir = S.folder(); defer { S.remove(dir) }
        let folder = OutputError(name: dir, errno: EISDIR, step: .resolve, destinationUnchanged: true)
        #expect(throws: folder) { try OutputFile.write("x", to: dir) }
        #expect(folder.hint.contains("is a folder"))

        let missing = dir + "/no/such/out.evemu"
        var error = OutputError(name: missing, errno: ENOENT, step: .open, destinationUnchanged: true)
        error.destinationExisted = false
        #expect(throws: error) { try OutputFile.write("x", to: missing) }
        #expect(error.message == "cannot write \(missing): No such file or directory")
        #expect(error.hint.contains("\(dir)/no/such does not exist"))
    }

    /// A file where a folder is wanted (`-o notes.txt/x.json`, `-o notes.txt/`) is named as
    /// such: "the folder notes.txt does not exist" sent the user looking for a missing folder.
    @Test func aFileWhereAFolderIsWantedIsNamed() throws {
        let dir = S.folder(); defer { S.remove(dir) }
        let file = dir + "/notes.txt"
        try OutputFile.write("x", to: file)
        for path in [file + "/x.json", file + "/", file + "/sub/x.json"] {
            var failure: OutputError?
            do { try OutputFile.write("x", to: path) } catch { failure = error }
            let error = try #require(failure, "\(path)")
            #expect(error.errno == ENOTDIR, "\(path): \(error)")
            #expect(error.hint == "\(file) is a file, not a folder; choose another place", "\(path): \(error.hint)")
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "x")
    }

    /// A replacement that fails or is stopped before it is put in place leaves no file where
    /// there was none: "was not created", not "is unchanged".
    @Test func aNewFileThatFailsWasNotCreated() throws {
        let dir = S.folder(); defer { S.remove(dir) }
        let fresh = try OutputFile(path: dir + "/new.json")
        #expect(!fresh.existedAtOpen && fresh.leftAsItWas == "\(dir)/new.json was not created")
        try OutputFile.write("old", to: dir + "/old.json")
        let old = try OutputFile(path: dir + "/old.json")
        #expect(old.existedAtOpen && old.leftAsItWas == "\(dir)/old.json is unchanged")
        // Written through (a pipe here): nothing yet is "nothing", a byte makes it "incomplete".
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let stream = OutputFile(descriptor: ends[1], name: "standard output")
        #expect(stream.leftAsItWas == "nothing was written to standard output")
        try stream.write("x")
        #expect(stream.leftAsItWas == "what was written to standard output is incomplete")
        close(ends[1])
        // In place (the recorder): an existing file truncated is not "nothing".
        let inPlace = try OutputFile(path: dir + "/old.json", regularFiles: .inPlace)
        #expect(inPlace.leftAsItWas == "what was written to \(dir)/old.json is incomplete")
        var error = OutputError(name: dir + "/new.json", errno: ENOSPC, step: .write, destinationUnchanged: true)
        error.destinationExisted = false
        #expect(error.hint == "free some space and try again; \(dir)/new.json was not created")
    }
}

