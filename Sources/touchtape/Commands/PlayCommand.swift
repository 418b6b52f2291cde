import ArgumentParser

/// `touchtape play` (being built; see the issue tracker).
struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "play", abstract: "(not built yet)")

    func run() async throws {
        throw fail("'play' is not built yet", status: ExitStatus.badInput)
    }
}
