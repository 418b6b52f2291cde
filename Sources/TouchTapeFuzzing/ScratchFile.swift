#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file the fuzz targets write each input to, because the readers take paths
/// (``RecordingStream`` reads through `LineReader`, which owns a file descriptor).
///
/// One per process and name, under `$TMPDIR` (`tools/fuzz` points it at a scratch
/// folder it removes); rewritten in place for every input, so a run costs one
/// `open`/`write`/`close` more than an in-memory source would. The name keeps the
/// extension the locator picks the format by.
package struct ScratchFile: Sendable {
    package let path: String

    package init(name: String) {
        path = "\(Self.folder)/touchtape-fuzz-\(getpid())-\(name)"
    }

    /// `$TMPDIR`, else `/tmp`.
    static var folder: String { getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp" }

    /// Removes this process's scratch files whose names start with `prefix` (a target run's
    /// `scratch`, each format's file and its `-again` round trip): `swift test` runs the
    /// kept corpus without `tools/fuzz`'s scratch folder, and left them in `/tmp`.
    package static func removeAll(startingWith prefix: String) {
        let start = "touchtape-fuzz-\(getpid())-\(prefix)"
        guard let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(start) { names.append(name) }
        }
        for name in names { unlink(folder + "/" + name) }
    }

    /// Replaces the file's contents with `bytes`; traps when the scratch folder is not
    /// writable (an environment fault, not a finding).
    package func write(_ bytes: UnsafeRawBufferPointer) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        precondition(fd >= 0, "cannot write the scratch file \(path)")
        var offset = 0
        while offset < bytes.count {
            let n = writeBytes(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 && errno == EINTR { continue }
            precondition(n > 0, "cannot write the scratch file \(path)")
            offset += n
        }
        close(fd)
    }
}

/// `write(2)` under a name the struct's own `write` does not shadow.
private func writeBytes(_ fd: Int32, _ start: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, start, count)
}
