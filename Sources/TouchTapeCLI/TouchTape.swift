import ArgumentParser
import Glibc

/// The `touchtape` command: record real pan gestures, replay them into a dismissal
/// controller, and check that the dismissal behaves.
@main
struct TouchTape: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchtape",
        abstract: "Record touch pan gestures on Linux and replay them into an interactive dismissal controller.",
        discussion: """
        Exit status: 0 success, 1 a check failed, 2 bad input or usage, 3 a device or I/O failure; \
        128 + the signal when Ctrl-C, SIGTERM or SIGHUP stops a write or a wait (130, 143, \
        129); record and live end normally on them.
        """,
        version: "\(version) (commit \(buildCommit))",
        subcommands: [
            InspectCommand.self, ConvertCommand.self, ReplayCommand.self, LabelCommand.self,
            DevicesCommand.self, RecordCommand.self, PlayCommand.self, LiveCommand.self, SweepCommand.self, CompareCommand.self, PlotCommand.self,
        ]
    )

    /// The first `--NAME` argument (before a `--`) that the command named first does not
    /// have, read against the options its help lists (`--note <note>`: it takes a value, the
    /// next argument, which is not looked at: `--note "--draft"` is a note) and
    /// ArgumentParser's own; `nil` when every one is known.
    static func unknownLongOption(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> (command: String, option: String)? {
        guard let name = arguments.first,
              let command = configuration.subcommands.first(where: { $0.configuration.commandName == name }) else { return nil }
        let help = helpMessage(for: command, includeHidden: true, columns: 10_000)
        var known: Set<Substring> = ["--help", "--version", "--experimental-dump-help", "--generate-completion-script"]
        var takesValue: Set<Substring> = []
        var rest = help[...]
        var aliases: [Substring] = []   // `-o, --save, --output <save>`: one option's names
        while let start = rest.range(of: "--") {
            let word = rest[start.lowerBound...].prefix { $0 == "-" || $0.isLetter || $0.isNumber }
            known.insert(word)
            rest = rest[word.endIndex...]
            aliases.append(word)
            if rest.hasPrefix(", --") { continue }
            if rest.hasPrefix(" <") { takesValue.formUnion(aliases) }
            aliases = []
        }
        var skipsValue = false
        for argument in arguments.dropFirst() {
            if skipsValue { skipsValue = false; continue }
            if argument == "--" { break }
            guard argument.hasPrefix("--") else { continue }
            let option = argument.prefix { $0 != "=" }
            guard known.contains(option) else { return (name, String(option)) }
            skipsValue = takesValue.contains(option) && option.count == argument.count
        }
        return nil
    }

    /// The release; `--version` adds the git commit (`buildCommit`, stamped at build time
    /// by the BuildStampPlugin). Recordings name the recorder by this alone.
    static let version = "0.1.0"

    /// ArgumentParser's own `main`, except that a usage error (unknown option, bad value,
    /// a failed `validate()`) exits 2 as documented above, not ArgumentParser's 64
    /// (EX_USAGE): scripts branch on one code for "you called it wrong".
    static func main() async {
        // A reader that goes away (`touchtape replay | head`) is an EPIPE on the write, which
        // says what was cut and exits 3, rather than a silent death by SIGPIPE (exit 141).
        signal(SIGPIPE, SIG_IGN)
        // Swift reads the arguments as UTF-8, each bad byte as U+FFFD: a file named in another
        // encoding would be "nothing at that path", or an output written under another name.
        if let bad = ArgumentBytes.firstNotUTF8() {
            writeStandardError("touchtape: error: argument \(bad.index) is not valid UTF-8: '\(bad.shown)'\n"
                               + "hint: touchtape takes file names and values in UTF-8; rename the file (mv, or convmv -t utf8)\n")
            exit(withError: ExitCode(ExitStatus.badInput))
        }
        // ArgumentParser runs a command's `validate()` before it reports an unknown option,
        // whose value then reads as a positional: `live --from F --format json` said "give a
        // DEVICE or --from FILE", `convert IN --format json OUT` that 'json' names nothing.
        if let unknown = unknownLongOption() {
            writeStandardError("Error: Unknown option '\(unknown.option)'\n"
                               + "  See 'touchtape \(unknown.command) --help' for the options it has.\n")
            exit(withError: ExitCode(ExitStatus.badInput))
        }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .success {
                // --help, --version: printed through the checked writer, so a full or closed
                // standard output exits 3 instead of 0 with nothing shown.
                do { try writeStandardOutput(fullMessage(for: error) + "\n") } catch { exit(withError: error) }
                exit(withError: ExitCode.success)
            }
            if exitCode(for: error) == .validationFailure {
                writeStandardError(fullMessage(for: error) + "\n")
                // A file whose name starts with '-' reads as an option.
                if let file = CommandLine.arguments.dropFirst().first(where: { $0.count > 1 && $0.hasPrefix("-") && access($0, F_OK) == 0 }) {
                    writeStandardError("hint: '\(file)' is also a file: give it as ./\(file), or after -- (touchtape COMMAND [options] -- \(file))\n")
                }
                exit(withError: ExitCode(ExitStatus.badInput))
            }
            exit(withError: error)
        }
    }
}
