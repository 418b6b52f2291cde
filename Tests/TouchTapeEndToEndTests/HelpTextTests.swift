import Foundation
import Testing
import TouchTapeReplay
import TouchTapeTestSupport

// Issue 24: help text that leaked between commands (`sweep: A...B is the range swept` in
// replay, live and plot), a --profile that never named the libraries, and sweep offering
// `--format junit` and then refusing it.

@Test(arguments: ["replay", "live", "plot"])
func noCommandsHelpSpeaksOfAnothersOptions(command: String) throws {
    let run = try TouchTapeBinary.run([command, "--help"])
    #expect(run.status == 0)
    #expect(!run.stdout.contains("range swept"), "\(command) --help speaks of sweep")
    let profile = run.stdout.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  ", with: " ")
    for library in ["Transition", "EasyTransitions", "PhotoZoomAnimator"] {
        #expect(profile.contains(library), "\(command) --help names \(library)")
    }
}

@Test func sweepOffersOnlyTheFormatsItWrites() throws {
    let help = try TouchTapeBinary.run(["sweep", "--help"])
    #expect(!help.stdout.contains("junit"))
    let junit = try TouchTapeBinary.run(["sweep", TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), "--format", "junit"])
    #expect(junit.status == 2)
    #expect(junit.stderr.contains("Please provide one of 'text' and 'json'"), "\(junit.stderr)")
}

/// Every row of the settings table is an option of the commands that take settings, under
/// the table's name and with the table's help.
@Test(arguments: ["replay", "live", "sweep", "plot"])
func everySettingIsAnOptionWithTheTablesHelp(command: String) throws {
    let help = try TouchTapeBinary.run([command, "--help"]).stdout
        .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    for setting in SessionSetting.allCases {
        #expect(help.contains("--\(setting.key)"), "\(command) --help lacks --\(setting.key)")
        let words = setting.help.split(separator: " ").prefix(4).joined(separator: " ")
        #expect(help.contains(words), "\(command) --help lacks \(setting.key)'s help '\(words)'")
    }
}
