import Glibc

/// Scratch files for the recorder and appender tests, which write through `RecordingFile`
/// and read back what landed on disk.
enum ScratchFiles {
    /// A new empty file `/tmp/touchtape-PREFIX-XXXXXX`.
    static func make(_ prefix: String) -> String {
        var template = Array("/tmp/touchtape-\(prefix)-XXXXXX".utf8CString)
        let fd = mkstemp(&template); close(fd)
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// The whole file as text (empty when it cannot be opened).
    static func read(_ path: String) -> String {
        guard let f = fopen(path, "r") else { return "" }
        defer { fclose(f) }
        var out = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true { let n = fread(&buffer, 1, 4096, f); if n <= 0 { break }; out += buffer[0..<n] }
        return String(decoding: out, as: UTF8.self)
    }
}
