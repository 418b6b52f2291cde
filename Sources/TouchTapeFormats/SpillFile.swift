#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A scratch file for text that must be held back until it can be written (JUnit's
/// suites, whose counts come before them), so holding it costs no memory.
///
/// Created in `$TMPDIR` (else `/tmp`) and unlinked at once: nothing is left behind
/// whatever happens to the process. Written through ``OutputFile`` (every write checked
/// and retried), read back from the start in chunks; closed when dropped.
package final class SpillFile {
    /// What errors name: `a temporary file in /tmp`.
    package let name: String
    private let descriptor: Int32
    private let writer: OutputFile

    /// A new, empty, already unlinked file in `folder` (default `$TMPDIR`, else `/tmp`).
    package init(folder: String? = nil) throws(OutputError) {
        let folder = folder ?? getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(folder)/touchtape-spill-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        name = "a temporary file in \(folder)"
        guard fd >= 0 else { throw OutputError(name: name, errno: errno, step: .open, destinationUnchanged: true) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        unlink(path)
        descriptor = fd
        writer = OutputFile(descriptor: fd, name: name)
    }

    deinit { close(descriptor) }

    /// Appends `text`.
    package func write(_ text: String) throws(OutputError) {
        try writer.write(text)
    }

    /// Everything written so far, from the start, in pieces of about `chunk` bytes that
    /// never split a character; then the file is empty again.
    package func drain(chunk: Int = 64 * 1024, _ body: (String) throws(OutputError) -> Void) throws(OutputError) {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw OutputError(name: name, errno: errno, step: .write, destinationUnchanged: true) }
        var buffer = [UInt8](repeating: 0, count: chunk)
        var carried: [UInt8] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, chunk) }
            if count < 0 {
                if errno == EINTR { continue }
                throw OutputError(name: name, errno: errno, step: .write, destinationUnchanged: true)
            }
            if count == 0 { break }
            var bytes = carried + buffer[..<count]
            // Hold back an incomplete UTF-8 sequence at the end for the next piece.
            var end = bytes.count
            var back = 0
            while end > 0, back < 4, bytes[end - 1] & 0xC0 == 0x80 { end -= 1; back += 1 }
            if end > 0, bytes[end - 1] >= 0xC0 {
                let lead = bytes[end - 1]
                let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                if back + 1 < length { end -= 1 } else { end = bytes.count }
            } else {
                end = bytes.count
            }
            carried = Array(bytes[end...])
            bytes.removeSubrange(end...)
            try body(String(decoding: bytes, as: UTF8.self))
        }
        if !carried.isEmpty { try body(String(decoding: carried, as: UTF8.self)) }
        guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw OutputError(name: name, errno: errno, step: .write, destinationUnchanged: true)
        }
    }
}
