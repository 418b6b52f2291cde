import ArgumentParser

/// `touchtape inspect` (being built; see the issue tracker).
struct InspectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "inspect", abstract: "(not built yet)")

    func run() async throws {
        throw fail("'inspect' is not built yet", status: ExitStatus.badInput)
    }
}
