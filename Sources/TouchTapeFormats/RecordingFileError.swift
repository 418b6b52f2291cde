#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing the recording failed: names the file and says what was kept.
package struct RecordingFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path.
    package var path: String
    /// The system error number (`errno`).
    package var errno: Int32
    /// Gestures fully written and synced before the failure.
    package var gesturesKept: Int
    /// The stop signal that ended a wait (a FIFO no one read), if one did.
    package var interruptedBy: Int32?
    /// Another program replaced or removed the file while it was being written (a rename
    /// over it, `rm`): what is written goes to a file no path names.
    package var replaced: Bool
    /// The option the file was given with (`-o`, `--save`), when known: the message starts
    /// with it and the hints name it, so they name what the user typed.
    package var option: String?

    /// A value from its parts.
    package init(path: String, errno: Int32, gesturesKept: Int, interruptedBy: Int32? = nil, replaced: Bool = false,
                 option: String? = nil) {
        self.option = option
        self.path = path
        self.errno = errno
        self.gesturesKept = gesturesKept
        self.interruptedBy = interruptedBy
        self.replaced = replaced
    }

    /// The user's to mend (an existing file named for a new recording): exit 2, not 3.
    package var isUsersFault: Bool { errno == EEXIST && interruptedBy == nil && !replaced }

    /// What went wrong, in one line (after `OPTION: ` when ``option`` is known).
    package var message: String { (option.map { "\($0): " } ?? "") + plainMessage }

    private var plainMessage: String {
        if let signal = interruptedBy {
            return "interrupted by \(OutputError.signalName(signal)) while waiting for a reader of \(path)"
        }
        if replaced { return "\(path) was replaced or removed by another program while touchtape was writing it" }
        switch errno {
        case EEXIST: return "\(path) already exists; a recording starts a new file, which would replace it"
        case ENOSPC: return "no space left on device while writing \(path)"
        case EDQUOT: return "disk quota exceeded while writing \(path)"
        case EACCES, EPERM: return "permission denied writing \(path)"
        case ENOENT where OutputError.isFolder(RecordingPath.directory(path)):
            return "cannot create \(path): its folder makes no new files (a kernel file system such as /proc or /sys)"
        case ENOENT: return "cannot create \(path): its folder does not exist"
        case EISDIR: return "cannot write \(path): it is a folder"
        default: return "cannot write \(path): \(OutputError.reason(errno)) (errno \(errno))"
        }
    }

    /// What to do about it.
    package var hint: String {
        if interruptedBy != nil {
            return gesturesKept == 0 ? "nothing was written to \(path)" : "\(path) has the \(gesturesKept) gesture(s) completed before it"
        }
        if replaced {
            return "what \(path) names now is the other program's; nothing more is written to it. Write to a file no other program writes"
        }
        switch errno {
        case EEXIST:
            return "give \(option ?? "-o") a new file (each recording is a file of its own), or remove the old one first"
        case ENOSPC, EDQUOT:
            return "free some space and record again; \(path) keeps the \(gesturesKept) gesture(s) completed before the failure"
        case EACCES, EPERM, ENOENT:
            return "choose a file in a folder you can write to (\(option ?? "-o") FILE)"
        case EISDIR:
            return "give a file name in it, e.g. \(option ?? "-o") \(path.hasSuffix("/") ? path : path + "/")pan.evemu"
        default:
            return gesturesKept == 0 ? "no gesture was completed before the failure"
                : "\(path) keeps the \(gesturesKept) gesture(s) completed before the failure"
        }
    }

    /// The text messages and reports print.
    package var description: String { "\(message) (hint: \(hint))" }
}
