#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing an output (a file, a device, standard output) failed.
///
/// Names what could not be written the way the user gave it (`standard output` for `-`),
/// the failing step and `errno`, and says whether what was there before is untouched:
/// an atomic replacement that fails leaves the old file as it was.
///
/// ```
/// cannot write report.json: No space left on device
///   hint: free some space and try again; report.json is unchanged
/// ```
package struct OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in the write it failed.
    package enum Step: String, Hashable, Sendable {
        /// Looking at what the path names (symlinks, type).
        case resolve
        /// Opening the destination, or creating the temporary file beside it.
        case open
        case write
        /// `fsync` of the data (or of the folder after the rename).
        case sync
        case close
        /// Renaming the finished temporary file over the destination.
        case rename
    }

    /// The path as given, or `standard output`.
    package var name: String
    /// The system error number (`errno`).
    package var errno: Int32
    /// The step of the write that failed.
    package var step: Step
    /// True when the destination is known to be as it was before the write started.
    package var destinationUnchanged: Bool
    /// False when there was no file at the destination before: an unchanged destination is
    /// then one that was never made ("was not created", not "is unchanged").
    package var destinationExisted = true
    /// The stop signal (SIGINT, SIGTERM, SIGHUP) that ended a wait to open or write it
    /// (a FIFO with no reader, a full pipe), or `nil`.
    package var interruptedBy: Int32?
    /// How much had been written when it failed, where known (what a closed pipe cut).
    package var bytesWritten: Int64?
    /// The folder the file was to be made in, where it differs from the path as given (a
    /// symlink whose target's folder is missing): what the hint names.
    package var folder: String?

    /// The option the output was given with (`-o`, `--html`), when the command says it: the
    /// message then starts with it, so it names what the user typed.
    package var option: String?

    /// A value from its parts.
    package init(name: String, errno: Int32, step: Step, destinationUnchanged: Bool, interruptedBy: Int32? = nil) {
        self.name = name
        self.errno = errno
        self.step = step
        self.destinationUnchanged = destinationUnchanged
        self.interruptedBy = interruptedBy
    }

    /// `cannot write NAME: <strerror>` (after `OPTION: ` when ``option`` is known), the line
    /// the CLI prints after `touchtape: error: `.
    package var message: String { (option.map { "\($0): " } ?? "") + plainMessage }

    private var plainMessage: String {
        if let signal = interruptedBy {
            let waitingFor = step == .open ? "a reader of" : "room to write to"
            return "interrupted by \(Self.signalName(signal)) while waiting for \(waitingFor) \(name)"
        }
        if errno == EBADF, name == "standard output" || name == "standard error" { return "cannot write \(name): it is closed" }
        return "cannot write \(name): \(Self.reason(errno))"
    }

    /// `SIGINT`, `SIGTERM`, `SIGHUP`, else `signal N`.
    package static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        case SIGPIPE: "SIGPIPE"
        default: "signal \(signal)"
        }
    }

    /// What the user can do about it.
    package var hint: String {
        let asItWas = Self.leftAsItWas(name, unchanged: true, existed: destinationExisted)
        let unchanged = destinationUnchanged ? "; \(asItWas)" : ""
        if interruptedBy != nil {
            return Self.leftAsItWas(name, unchanged: destinationUnchanged, existed: destinationExisted)
        }
        switch errno {
        case EBADF: return "touchtape was started with \(name) closed (>&-); give -o FILE, or leave it open"
        case ENOSPC, EDQUOT: return "free some space and try again" + unchanged
        case EACCES, EPERM, EROFS: return "choose a place you may write to" + unchanged
        case ENOTDIR where Self.fileOnTheWay(to: folder ?? name) != nil:
            let file = Self.fileOnTheWay(to: folder ?? name)!
            return "\(file) is a file, not a folder; choose another place"
        case ENOENT, ENOTDIR:
            let directory = folder ?? RecordingPath.directory(name)
            if errno == ENOENT, Self.isFolder(directory) {
                return "the folder \(directory) makes no new files (a kernel file system such as /proc or /sys); choose another"
            }
            return "the folder \(directory) does not exist; create it or choose another"
        case EISDIR: return "\(name) is a folder; give a file name in it"
        case ELOOP: return "\(name) is a loop of symbolic links"
        case ENXIO: return "nothing is reading from \(name)"
        case EPIPE:
            let cut = bytesWritten.map { " (\($0) byte\($0 == 1 ? "" : "s") had been written to it)" } ?? ""
            return "whatever was reading \(name) stopped reading\(cut); the rest of the output was not written"
        default: return destinationUnchanged ? asItWas : ""
        }
    }

    /// What a failed or stopped write left at the destination `name`, in words: `R is
    /// unchanged`, `R was not created` (there was none), `what was written to R is incomplete`.
    package static func leftAsItWas(_ name: String, unchanged: Bool, existed: Bool) -> String {
        guard unchanged else { return "what was written to \(name) is incomplete" }
        return existed ? "\(name) is unchanged" : "\(name) was not created"
    }

    /// The first part of `path` (a folder on the way to it) that is there but is not a
    /// folder: `a.txt` of `a.txt/x.json` or of `a.txt/`.
    static func fileOnTheWay(to path: String) -> String? {
        var prefix = path.hasPrefix("/") ? "/" : ""
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        for (i, part) in parts.enumerated() {
            prefix += (prefix.isEmpty || prefix == "/" ? "" : "/") + part
            var info = stat()
            guard stat(prefix, &info) == 0 else { return nil }
            // A file before the last part, or the last part itself given with a slash after it.
            if info.st_mode & S_IFMT != S_IFDIR, i < parts.count - 1 || path.hasSuffix("/") { return prefix }
        }
        return nil
    }

    /// The text messages and reports print.
    package var description: String { hint.isEmpty ? message : "\(message)\n  hint: \(hint)" }

    /// `path` is a folder: when creating a file in it gives `ENOENT` all the same, it makes no
    /// new files (/proc, /sys), which is not a missing folder.
    package static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The C library's text for `errno`, e.g. `No space left on device`.
    package static func reason(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
