import ArgumentParser

/// The `touchtape` command: record real pan gestures, replay them into a dismissal
/// controller, and check that the dismissal behaves.
@main
struct TouchTape: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchtape",
        abstract: "Record touch pan gestures on Linux and replay them into an interactive dismissal controller.",
        discussion: """
        Exit status: 0 success, 1 a check failed, 2 bad input or usage, 3 a device or I/O failure.
        """,
        version: "0.1.0",
        subcommands: [
            InspectCommand.self, ConvertCommand.self, ReplayCommand.self,
            DevicesCommand.self, RecordCommand.self, PlayCommand.self,
        ]
    )
}
