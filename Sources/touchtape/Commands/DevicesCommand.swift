import ArgumentParser

/// `touchtape devices` (being built; see the issue tracker).
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "devices", abstract: "(not built yet)")

    func run() async throws {
        throw fail("'devices' is not built yet", status: ExitStatus.badInput)
    }
}
