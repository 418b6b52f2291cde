#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What an output path names, and so how it is written.
///
/// Writing by "temporary file + rename" is right for a regular file (a reader sees the
/// old file or the new one, never half) and wrong for everything else: renamed over,
/// `/dev/null` becomes a regular file (as root, for the whole machine), a FIFO's reader
/// never gets the data and a symlink is replaced by a file. So the path is looked at first:
///
/// - `-` is standard output;
/// - `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N` are the process's own
///   descriptors, written directly (so `>>` keeps appending);
/// - a symlink is followed and these rules apply to what it points at; the link stays;
/// - a device, FIFO or socket is opened and written through, never created or truncated;
/// - a regular file, or a path where nothing is yet, is a regular file.
package enum OutputTarget: Hashable, Sendable {
    /// An already-open descriptor of this process (1 for standard output).
    case descriptor(Int32)
    /// A device, FIFO, socket or `/proc` link: opened for writing and written through.
    case writeThrough(path: String)
    /// A regular file (existing or not) at the end of any symlinks.
    case regularFile(path: String)

    /// Symlinks followed at most (the kernel's own limit is 40).
    static let maximumLinks = 40

    /// Looks at `path` (without changing anything) and says how to write it.
    package static func resolve(_ path: String) throws(OutputError) -> OutputTarget {
        if path == "-" { return .descriptor(1) }
        var current = path
        var links = 0
        while true {
            if let descriptor = ownDescriptor(current) { return .descriptor(descriptor) }
            var info = stat()
            guard lstat(current, &info) == 0 else {
                let code = errno
                if code == ENOENT { return .regularFile(path: current) }   // new file; a missing folder fails at open
                throw OutputError(name: path, errno: code, step: .resolve, destinationUnchanged: true)
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                return .regularFile(path: current)
            case S_IFDIR:
                throw OutputError(name: path, errno: EISDIR, step: .resolve, destinationUnchanged: true)
            case S_IFLNK:
                // /proc links name open files, pipes and sockets, not paths: open them as they are.
                if current.hasPrefix("/proc/") { return .writeThrough(path: current) }
                links += 1
                guard links <= maximumLinks, let target = linkTarget(current) else {
                    throw OutputError(name: path, errno: links > maximumLinks ? ELOOP : errno, step: .resolve,
                                      destinationUnchanged: true)
                }
                current = target.hasPrefix("/") ? target : RecordingPath.join(RecordingPath.directory(current), target)
            default:
                return .writeThrough(path: current)
            }
        }
    }

    /// The descriptor a path names in this process: `/dev/stdout` → 1, `/dev/fd/3` → 3.
    static func ownDescriptor(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default: break
        }
        for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"] where path.hasPrefix(prefix) {
            return Int32(path.dropFirst(prefix.count))
        }
        return nil
    }

    /// What the symlink at `path` points at, as written in it; `nil` if it is none.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
