#if canImport(Glibc)
import Glibc
#endif

/// The command line as the kernel gave it, before Swift decodes it.
enum ArgumentBytes {
    /// The first argument whose bytes are not valid UTF-8: its position (1 is the first after
    /// the command's name) and its bytes with each one outside printable ASCII as `\xNN`.
    static func firstNotUTF8() -> (index: Int, shown: String)? {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                            count: strlen(pointer))
            if String(validating: bytes, as: UTF8.self) != nil { continue }
            let shown = bytes.map { byte in
                (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "\\") ? String(UnicodeScalar(byte))
                    : "\\x" + String(byte, radix: 16, uppercase: false).leftPadded(to: 2)
            }.joined()
            return (index, shown)
        }
        return nil
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
