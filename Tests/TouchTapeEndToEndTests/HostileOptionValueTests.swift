import Foundation
import Testing
import TouchTapeTestSupport

// Issue 21: every number a user can type is checked where it is parsed. `live --speed 1e19`
// died with SIGILL (an unchecked Double → Int64 conversion); `play --hold nan`, `record
// --duration inf` reached the same kind of conversion; `--slop` had no upper bound, `sweep
// --threshold -1...1`, `0x10` and a unit-less `--resolution-fallback 100` were accepted.
//
// Every numeric option of every command gets nan, ±inf, ±1e308, ±4.9e-324, 2^63 and a hex
// literal. None may crash; the ones out of the option's range exit 2 naming the option.
// A completeness check reads the commands' own option list, so a new option that takes a
// value must be classified here (numeric, or named as not numeric) before the suite passes.

/// One numeric option of one command, with the arguments that make the command run
/// quickly and offline around it (`play --dry-run`, `live --from … --speed 1000`).
struct NumericOption: CustomTestStringConvertible, Sendable {
    let command: String
    let option: String
    /// The command line with `VALUE` where the value goes.
    let arguments: [String]
    /// How a bare number is spelled for this option (`%@mm`, `%@/2`).
    var spelling: String = "%@"
    var testDescription: String { "\(command) \(option)" }
}

private let recording = TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu")

private let settingOptions = ["--threshold", "--flick-velocity", "--distance", "--scale", "--slop"]

private let numericOptions: [NumericOption] = {
    var all: [NumericOption] = []
    for (command, base) in [("replay", ["replay", recording, "--no-config"]),
                            ("sweep", ["sweep", recording, "--no-config", "-o", "/dev/null"]),
                            ("plot", ["plot", recording, "--no-config", "-o", "/dev/null"]),
                            ("live", ["live", "--from", recording, "--speed", "1000", "--no-config", "--gestures", "1"]),
                            ("compare", ["compare", recording, "--no-config", "-o", "/dev/null"])] {
        for option in settingOptions { all.append(.init(command: command, option: option, arguments: base + [option, "VALUE"])) }
        all.append(.init(command: command, option: "--resolution-fallback", arguments: base + ["--resolution-fallback", "VALUE"],
                         spelling: "%@mm"))
        all.append(.init(command: command, option: "--device-size", arguments: base + ["--device-size", "VALUE"],
                         spelling: "%@x100mm"))
    }
    all.append(.init(command: "replay", option: "--shard", arguments: ["replay", recording, "--no-config", "--shard", "VALUE"],
                     spelling: "1/%@"))
    all.append(.init(command: "replay", option: "--progress-after", arguments: ["replay", recording, "--no-config", "--progress-after", "VALUE"]))
    all.append(.init(command: "replay", option: "--track", arguments: ["replay", recording, "--no-config", "--track", "VALUE"]))
    all.append(.init(command: "plot", option: "--track", arguments: ["plot", recording, "--track", "VALUE", "-o", "/dev/null"]))
    all.append(.init(command: "live", option: "--speed", arguments: ["live", "--from", recording, "--speed", "VALUE", "--gestures", "1"]))
    all.append(.init(command: "live", option: "--gestures", arguments: ["live", "--from", recording, "--speed", "1000", "--gestures", "VALUE"]))
    all.append(.init(command: "play", option: "--track", arguments: ["play", recording, "--dry-run", "--track", "VALUE"]))
    all.append(.init(command: "play", option: "--start-delay", arguments: ["play", recording, "--dry-run", "--start-delay", "VALUE"]))
    all.append(.init(command: "play", option: "--hold", arguments: ["play", recording, "--dry-run", "--hold", "VALUE"]))
    // A device that is not there: a value that passes ends at "no such device", not a recording.
    all.append(.init(command: "record", option: "--duration", arguments: ["record", "/nonexistent/event99", "-o", "/dev/null", "--duration", "VALUE"]))
    all.append(.init(command: "record", option: "--gestures", arguments: ["record", "/nonexistent/event99", "-o", "/dev/null", "--gestures", "VALUE"]))
    all.append(.init(command: "label", option: "--track", arguments: ["label", recording, "--note", "n", "-o", "/dev/null", "--track", "VALUE"]))
    for command in ["inspect", "convert", "label"] {
        var base: [String]
        switch command {
        case "inspect": base = ["inspect", recording]
        case "convert": base = ["convert", recording, "/dev/null", "--to", "evemu"]
        default: base = ["label", recording, "--note", "n", "-o", "/dev/null"]
        }
        all.append(.init(command: command, option: "--device", arguments: base + ["--device", "VALUE"]))
    }
    return all
}()

/// Options that take a value that is not a number (a path, a name, a format).
private let nonNumericOptions: Set<String> = [
    "--format", "--output", "-o", "--to", "--profile", "--edge", "--velocity", "--config", "--html", "--expect",
    "--note", "--from", "--directory", "--device-name", "--description", "--write-expected", "--save", "--probe",
    "--began-translation", "--color", "--profiles",
]

/// The hostile values, and whether every option must refuse them.
private let hostileValues: [(text: String, alwaysRefused: Bool)] = [
    ("nan", true), ("inf", true), ("-inf", true), ("1e308", true), ("-1e308", true),
    ("4.9e-324", false), ("-4.9e-324", false), ("9223372036854775808", true), ("0x10", true),
]

@Test(arguments: numericOptions)
func everyNumericOptionRefusesHostileNumbersWithoutCrashing(option: NumericOption) throws {
    for (value, alwaysRefused) in hostileValues {
        let spelled = option.spelling.replacingOccurrences(of: "%@", with: value)
        let arguments = option.arguments.map { $0 == "VALUE" ? spelled : $0 }
        let run = try ProcessRun.run(TouchTapeBinary.executable, arguments, in: TouchTapeBinary.packageRoot,
                                     input: FileHandle.nullDevice)
        // A signal death shows as its number through Foundation; 0…3 are the exit codes.
        #expect((0...3).contains(run.status), "\(option.testDescription) \(spelled): status \(run.status)\n\(run.stderr)")
        if alwaysRefused {
            #expect(run.status == 2, "\(option.testDescription) \(spelled) was accepted:\n\(run.stderr)")
            #expect(run.stderr.contains(option.option), "the error names \(option.option): \(run.stderr)")
        }
    }
}

/// Every option of every command that takes a value is either in the numeric table above
/// or named as not numeric: a new numeric option cannot slip past the hostile values.
@Test func everyOptionThatTakesAValueIsClassified() throws {
    let run = try TouchTapeBinary.run(["--experimental-dump-help"])
    #expect(run.status == 0)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    var found: [(command: String, option: String)] = []
    func walk(_ command: [String: Any], _ name: String) {
        for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["kind"] as? String == "option" {
            let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { entry -> String? in
                guard let text = entry["name"] as? String else { return nil }
                return (entry["kind"] as? String == "short" ? "-" : "--") + text
            }
            if let long = names.first(where: { $0.hasPrefix("--") }) ?? names.first { found.append((name, long)) }
        }
        for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub, sub["commandName"] as? String ?? "?") }
    }
    walk(try #require(root["command"] as? [String: Any]), "touchtape")
    #expect(found.count > 40, "the option list was read")
    let numeric = Set(numericOptions.map { "\($0.command) \($0.option)" })
    for (command, option) in found where !nonNumericOptions.contains(option) {
        #expect(numeric.contains("\(command) \(option)"), "\(command) \(option) takes a value: add it to the hostile-number table")
    }
}

@Test func aUnitlessResolutionFallbackAndAnEmptySweepRangeAreRefused() throws {
    let fallback = try TouchTapeBinary.run(["replay", recording, "--no-config", "--resolution-fallback", "100"])
    #expect(fallback.status == 2)
    let sweep = try TouchTapeBinary.run(["sweep", recording, "--no-config", "--threshold", "-1...1"])
    #expect(sweep.status == 2)
    #expect(sweep.stderr.contains("out of range"), "\(sweep.stderr)")
    let shard = try TouchTapeBinary.run(["replay", recording, "--no-config", "--shard", "0/3"])
    #expect(shard.status == 2)
    #expect(shard.stderr.contains("shards count from 1"), "\(shard.stderr)")
}
