import ArgumentParser

/// `touchtape convert` (being built; see the issue tracker).
struct ConvertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "convert", abstract: "(not built yet)")

    func run() async throws {
        throw fail("'convert' is not built yet", status: ExitStatus.badInput)
    }
}
