import ArgumentParser

/// `touchtape record` (being built; see the issue tracker).
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "record", abstract: "(not built yet)")

    func run() async throws {
        throw fail("'record' is not built yet", status: ExitStatus.badInput)
    }
}
