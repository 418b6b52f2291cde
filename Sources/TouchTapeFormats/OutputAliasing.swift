#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(Pipeline) import TouchTapeEvents

/// An output that would overwrite one of the command's own inputs, or another output.
///
/// `touchtape replay R -o R` used to replace the recording with its report. Every
/// command that writes now hands its outputs and inputs to ``OutputAliasing/check(outputs:inputs:)``
/// before it opens anything, and refuses (exit 2) naming both paths.
package struct OutputAliasError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The option the output was given with (`-o`, `--html`, `OUT`), as the user typed it.
    package var option: String
    /// The output path as given.
    package var output: String
    /// The input (or other output) it names the same file as, as given.
    package var other: String
    /// What `other` is: `input` or the other output's option.
    package var otherRole: String

    /// A value from its parts.
    package init(option: String, output: String, other: String, otherRole: String) {
        self.option = option
        self.output = output
        self.other = other
        self.otherRole = otherRole
    }

    /// `option OUT is the same file as the input IN`.
    package var message: String {
        let out = TextExcerpt.make(output, limit: nil)
        let other = TextExcerpt.make(self.other, limit: nil)
        if output == "-" && self.other == "-" {
            return "\(option) - writes to standard output, as \(otherRole) does; the two would be mixed there"
        }
        let same = out == other ? "is" : "is the same file as"
        return otherRole == "input"
            ? "\(option) \(out) \(same) the input \(other); writing it would destroy the recording"
            : "\(option) \(out) \(same) the output of \(otherRole) \(other); one would overwrite the other"
    }

    /// What to do about it.
    package var hint: String { "give \(option) a path of its own (nothing was written)" }

    /// The text messages print.
    package var description: String { "\(message)\n  hint: \(hint)" }
}

/// Compares output paths with input paths by the file they name (device and inode, through
/// symlinks and hard links), before anything is opened.
package enum OutputAliasing {
    /// What a path names: an existing file by device and inode, or a file yet to be made by
    /// its folder's identity and its name.
    enum Identity: Hashable {
        case file(device: UInt64, inode: UInt64)
        case new(folderDevice: UInt64, folderInode: UInt64, name: String)
    }

    /// Refuses the first output that names the same regular file as an input, or as an
    /// earlier output, and a second output to standard output (`-`: the two would be mixed).
    /// Outputs that are devices, FIFOs or sockets write through and replace nothing, so they
    /// are not compared; an input that does not exist is not compared either (reading it
    /// fails with its own message).
    package static func check(outputs: [(option: String, path: String)], inputs: [String]) throws(OutputAliasError) {
        let inputIdentities = inputs.compactMap { path in identity(of: path, mayBeNew: false).map { (path, $0) } }
        var earlier: [(option: String, path: String, identity: Identity)] = []
        var standardOutput: String?
        for (option, path) in outputs {
            if path == "-" {
                if let standardOutput { throw OutputAliasError(option: option, output: "-", other: "-", otherRole: standardOutput) }
                standardOutput = option
                continue
            }
            guard let mine = identity(of: path, mayBeNew: true) else { continue }
            if let (input, _) = inputIdentities.first(where: { $0.1 == mine }) {
                throw OutputAliasError(option: option, output: path, other: input, otherRole: "input")
            }
            if let other = earlier.first(where: { $0.identity == mine }) {
                throw OutputAliasError(option: option, output: path, other: other.path, otherRole: other.option)
            }
            earlier.append((option, path, mine))
        }
    }

    /// Whether two paths name the same existing file (through links).
    package static func sameFile(_ a: String, _ b: String) -> Bool {
        guard let x = identity(of: a, mayBeNew: false), let y = identity(of: b, mayBeNew: false) else { return false }
        return x == y
    }

    /// The identity of a regular file at `path` (symlinks followed); with `mayBeNew`, of the
    /// file that writing `path` would create. `nil` for anything that is written through.
    static func identity(of path: String, mayBeNew: Bool) -> Identity? {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else { return nil }
            return .file(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        }
        guard mayBeNew, errno == ENOENT else { return nil }
        // A dangling symlink is written through to what it points at.
        var target = path
        if case .regularFile(let resolved)? = try? OutputTarget.resolve(path) { target = resolved }
        var folder = stat()
        guard stat(RecordingPath.directory(target), &folder) == 0 else { return nil }
        return .new(folderDevice: UInt64(folder.st_dev), folderInode: UInt64(folder.st_ino),
                    name: RecordingPath.lastComponent(target))
    }
}
