import ArgumentParser

/// `touchtape replay` (being built; see the issue tracker).
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "replay", abstract: "(not built yet)")

    func run() async throws {
        throw fail("'replay' is not built yet", status: ExitStatus.badInput)
    }
}
