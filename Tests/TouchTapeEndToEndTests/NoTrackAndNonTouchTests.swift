import Foundation
import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeTestSupport

/// `FILE` as TouchTape writes it: `device`'s description, then `events` (SYN_REPORTs at the
/// given times) and the end mark.
private func writeRecording(_ device: DeviceDescription, to url: URL, events: Int = 1) throws {
    var text = EvemuFormatter(description: device, metadata: RecordingMetadata()).header()
    for i in 0..<events { text += "E: 0.\(String(format: "%06d", (i + 1) * 10_000)) 0000 0000 0000\n" }
    text += EvemuFormatter(description: device, metadata: RecordingMetadata()).footer()
    try text.write(to: url, atomically: false, encoding: .utf8)
}

/// The members of the JSON report these tests read.
private struct Report: Decodable {
    struct Entry: Decodable, Equatable { var file: String; var kind: String; var message: String }
    struct Summary: Decodable, Equatable { var passed: Int; var failed: Int; var errors: Int; var warnings: Int? }
    var errors: [Entry]
    var warnings: [Entry]?
    var summary: Summary

    init(_ run: ProcessRun) throws { self = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8)) }
}

// MARK: Devices that are not touch surfaces

/// The touch mouse and the keyboard cover's pointer node were replayed as touchscreens
/// (issue 25): now each is an unreadable-file row naming the condition that failed, in
/// text and JSON, and the run exits 2 as for any other bad input.
@Test func aTouchMouseAndAKeyboardCoverAreRefusedWithTheConditionNamed() throws {
    let dir = try PackagePaths.scratchDirectory("tt-nontouch")
    try writeRecording(NonTouchDevices.touchMouse, to: dir.appendingPathComponent("touch-mouse.evemu"))
    try writeRecording(NonTouchDevices.keyboardCoverPointer, to: dir.appendingPathComponent("keyboard-cover.evemu"))
    try writeRecording(NonTouchDevices.penTablet, to: dir.appendingPathComponent("pen.evemu"))
    let mouse = "touch-mouse.evemu: expected 'a touchscreen or touchpad (ABS_MT_POSITION_X/Y, or ABS_X/ABS_Y with BTN_TOUCH;"
        + " not a pen, not a mouse)', found 'device \"Test Touch Mouse\": relative pointer axes REL_X/REL_Y with mouse buttons"
        + " and no BTN_TOUCH: a touch mouse"
    let cover = "keyboard-cover.evemu: expected 'a touchscreen or touchpad (ABS_MT_POSITION_X/Y, or ABS_X/ABS_Y with BTN_TOUCH;"
        + " not a pen, not a mouse)', found 'device \"Test Keyboard Cover\": relative pointer axes REL_X/REL_Y with mouse buttons,"
        + " and ABS_X/ABS_Y with no BTN_TOOL_FINGER and no INPUT_PROP_DIRECT: a mouse"

    let text = try TouchTapeBinary.run(["replay", dir.path])
    #expect(text.status == 2, "\(text.stderr)")
    #expect(text.stdout.contains("Could not read:"))
    #expect(text.stdout.contains(mouse), "\(text.stdout)")
    #expect(text.stdout.contains(cover), "\(text.stdout)")
    #expect(text.stdout.contains("its ABS_MT_* codes are not multitouch axes (ABS_MT_SLOT beside ABS_RESERVED"))
    #expect(text.stdout.contains("found 'device \"Test Pen Tablet\": a pen (BTN_TOOL_PEN, BTN_STYLUS)"))
    #expect(!text.stdout.contains("single-touch") && !text.stdout.contains("''"), "\(text.stdout)")
    #expect(text.stdout.hasSuffix("0 passed, 0 failed, 3 errors\n"), "\(text.stdout)")

    let json = try TouchTapeBinary.run(["replay", dir.path, "--format", "json"])
    #expect(json.status == 2)
    let errors = try Report(json).errors
    #expect(errors.map(\.kind) == ["noTouchDevice", "noTouchDevice", "noTouchDevice"])
    #expect(errors.contains { $0.message.contains(mouse) })
    #expect(errors.contains { $0.message.contains(cover) })

    // inspect refuses each the same way.
    let inspect = try TouchTapeBinary.run(["inspect", dir.appendingPathComponent("touch-mouse.evemu").path])
    #expect(inspect.status == 2)
    #expect(inspect.stderr.contains(mouse), "\(inspect.stderr)")
}

// MARK: A recording with no track

/// A folder with a recording of two tracks and one that is read whole but holds no
/// gesture (a touchscreen's description, no touch).
private func noTrackFolder() throws -> (dir: URL, empty: String) {
    let dir = try PackagePaths.scratchDirectory("tt-notrack")
    let name = "touchscreen-pan-down-finish.evemu"
    try FileManager.default.copyItem(atPath: TouchTapeBinary.bundled(name), toPath: dir.appendingPathComponent(name).path)
    let empty = dir.appendingPathComponent("no-gesture.evemu")
    try writeRecording(TestDevices.touchscreenB, to: empty, events: 3)
    return (dir, empty.path)
}

/// Every format says `FILE: 0 tracks (no gesture found)`: a warning (exit 0), an error
/// under --strict (exit 2).
@Test func aRecordingWithNoTrackIsAWarningInEveryFormatAndAnErrorUnderStrict() throws {
    let (dir, empty) = try noTrackFolder()
    let message = "\(empty): 0 tracks (no gesture found)"

    // Text.
    let text = try TouchTapeBinary.run(["replay", dir.path])
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.stdout.contains("\nWarnings:\n  \(message)\n"), "\(text.stdout)")
    #expect(text.stdout.hasSuffix("2 passed, 0 failed, 1 warning\n"), "\(text.stdout)")
    let strictText = try TouchTapeBinary.run(["replay", dir.path, "--strict"])
    #expect(strictText.status == 2)
    #expect(strictText.stdout.contains("\nErrors (--strict):\n  \(message)\n"), "\(strictText.stdout)")
    #expect(!strictText.stdout.contains("Warnings:"))
    #expect(strictText.stdout.hasSuffix("2 passed, 0 failed, 1 error\n"), "\(strictText.stdout)")

    // JSON: a warnings entry, or an error of kind noTracks.
    let json = try TouchTapeBinary.run(["replay", dir.path, "--format", "json"])
    #expect(json.status == 0)
    let entry = Report.Entry(file: empty, kind: "noTracks", message: message)
    let report = try Report(json)
    #expect(report.warnings == [entry])
    #expect(report.errors.isEmpty)
    #expect(report.summary == .init(passed: 2, failed: 0, errors: 0, warnings: 1))
    let strictJSON = try TouchTapeBinary.run(["replay", dir.path, "--format", "json", "--strict"])
    #expect(strictJSON.status == 2)
    let strictReport = try Report(strictJSON)
    #expect(strictReport.warnings == nil)
    #expect(strictReport.errors == [entry])
    #expect(strictReport.summary == .init(passed: 2, failed: 0, errors: 1, warnings: nil))

    // JUnit: the file's suite holds a skipped test case, or an error one; both valid.
    let junit = dir.appendingPathComponent("report.xml").path
    let strictJUnit = dir.appendingPathComponent("strict.xml").path
    #expect(try TouchTapeBinary.run(["replay", dir.path, "--format", "junit", "-o", junit]).status == 0)
    #expect(try TouchTapeBinary.run(["replay", dir.path, "--format", "junit", "-o", strictJUnit, "--strict"]).status == 2)
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(xml.contains("<testcase classname=\"\(empty)\" name=\"tracks [transition]\""), "\(xml)")
    #expect(xml.contains("<skipped message=\"\(message)\"/>"), "\(xml)")
    #expect(xml.contains("tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"1\""))
    let strictXML = try String(contentsOfFile: strictJUnit, encoding: .utf8)
    #expect(strictXML.contains("<error type=\"noTracks\" message=\"\(message)\">\(message)</error>"), "\(strictXML)")
    #expect(strictXML.contains("tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\""))
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint") {
        let schema = PackagePaths.packageRoot.appendingPathComponent("Tests/TouchTapeReplayTests/Resources/junit.xsd").path
        for file in [junit, strictJUnit] {
            let lint = try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/xmllint"), ["--noout", "--schema", schema, file])
            #expect(lint.status == 0, "\(lint.stderr)")
            try expectValidAgainstCISchemas(file)
        }
    } else {
        Issue.record("xmllint missing: tools/install-deps --test installs libxml2-utils")
    }

    // GitHub: a ::warning on the file, or an ::error; the tally says so.
    let github = try TouchTapeBinary.run(["replay", dir.path, "--format", "github"])
    #expect(github.status == 0)
    #expect(github.stdout.contains("::warning file=\(empty),title=touchtape%3A no gesture found::\(message)\n"), "\(github.stdout)")
    #expect(github.stdout.hasSuffix("::warning title=touchtape replay (transition)::2 passed, 0 failed, 1 with no track\n"))
    let strictGitHub = try TouchTapeBinary.run(["replay", dir.path, "--format", "github", "--strict"])
    #expect(strictGitHub.status == 2)
    #expect(strictGitHub.stdout.contains("::error file=\(empty),title=touchtape%3A no gesture found::\(message)\n"))
    #expect(strictGitHub.stdout.hasSuffix("::error title=touchtape replay (transition)::2 passed, 0 failed, 1 with no track\n"))

    // The HTML page lists it too.
    let page = dir.appendingPathComponent("report.html").path
    #expect(try TouchTapeBinary.run(["replay", dir.path, "--html", page]).status == 0)
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains("<h2>Warnings</h2><ul><li><code>\(message)</code></li></ul>"))
    #expect(html.contains("2 passed, 0 failed, 1 warning"))
}

/// Files whose tracks a filter leaves out are not "no track": the warning is for files that
/// yield none at all. A `--track` that no file has is the user's mistake: an error naming
/// the option and how many tracks there are, never "0 passed" with exit 0.
@Test func aFileWhoseTracksAreFilteredOutIsNoWarningButAMissingTrackIsAnError() throws {
    let (dir, _) = try noTrackFolder()
    let file = dir.appendingPathComponent("touchscreen-pan-down-finish.evemu").path
    let run = try TouchTapeBinary.run(["replay", file, "--track", "7", "--strict"])
    #expect(run.status == 2, "\(run.stdout)")
    #expect(!run.stdout.contains("0 tracks"))
    #expect(run.stdout.contains("Error: --track 7: no file has track 7\n  hint: the files yield at most "), "\(run.stdout)")
    #expect(run.stderr.isEmpty, "the report on standard output says it: \(run.stderr)")
    let both = try TouchTapeBinary.run(["replay", file, "--track", "1", "--track", "9", "--track", "8"])
    #expect(both.status == 2 && both.stdout.contains("Error: --track 8, 9: no file has tracks 8, 9\n"), "\(both.stdout)")
    #expect(both.stdout.hasSuffix("1 passed, 0 failed, 1 error\n") && both.stderr.isEmpty, "\(both.stdout)\(both.stderr)")
    // A report to standard output carries the mistake as an error in every format, so a
    // reader of it alone does not take it for a clean run of nothing.
    let json = try TouchTapeBinary.run(["replay", file, "--track", "9", "--format", "json"])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let errors = try #require(document["errors"] as? [[String: Any]])
    #expect(json.status == 2 && errors.count == 1 && errors[0]["file"] is NSNull && errors[0]["kind"] as? String == "noMatch")
    #expect((errors[0]["message"] as? String)?.hasPrefix("--track 9: no file has track 9\nhint: the files yield at most ") == true)
    #expect((document["summary"] as? [String: Any])?["errors"] as? Int == 1)
    let junit = try TouchTapeBinary.run(["replay", file, "--track", "9", "--format", "junit"])
    #expect(junit.status == 2 && junit.stdout.contains("<testcase classname=\"--track\" name=\"select [transition]\" time=\"0\">\n"
                                                       + "      <error type=\"noMatch\" message=\"--track 9: no file has track 9\">"), "\(junit.stdout)")
    let xml = dir.appendingPathComponent("t9-stdout.xml").path
    try junit.stdout.write(toFile: xml, atomically: true, encoding: .utf8)
    try expectValidAgainstCISchemas(xml)
    let github = try TouchTapeBinary.run(["replay", file, "--track", "9", "--format", "github"])
    #expect(github.status == 2 && github.stdout.hasPrefix("::error title=touchtape%3A --track matched nothing::--track 9: no file has track 9%0Ahint: "),
            "\(github.stdout)")
    let one = try TouchTapeBinary.run(["replay", file, "--track", "1", "--strict"])
    #expect(one.status == 0 && one.stdout.contains("1 passed"), "\(one.stdout)")
    // No report of the mistake is written (an empty one read as a clean run in CI), and a
    // report already there is left as it was; nor a page.
    let report = dir.appendingPathComponent("t9.json").path, page = dir.appendingPathComponent("t9.html").path
    let missing = try TouchTapeBinary.run(["replay", file, "--track", "9", "--format", "json", "-o", report, "--html", page])
    #expect(missing.status == 2 && !FileManager.default.fileExists(atPath: report) && !FileManager.default.fileExists(atPath: page))
    #expect(missing.stderr.contains("touchtape: error: --track 9: no file has track 9\nhint: the files yield at most "), "\(missing.stderr)")
    try "before".write(toFile: report, atomically: true, encoding: .utf8)
    #expect(try TouchTapeBinary.run(["replay", file, "--track", "9", "--format", "json", "-o", report]).status == 2)
    #expect(try String(contentsOfFile: report, encoding: .utf8) == "before")
}
