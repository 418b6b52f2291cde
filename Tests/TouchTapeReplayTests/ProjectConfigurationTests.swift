import Foundation
import Testing
import TouchTapeDismissal
import TouchTapeFrames
import TouchTapeTestSupport
@testable import TouchTapeReplay

@Test func everySettingIsReadUnderItsCommandLineName() throws {
    let text = """
    # the project's settings
    profile: easytransitions
    threshold: 0.4
    flick-velocity: 300
    flick: false
    edge: top
    distance: 700
    scale: 5
    resolution-fallback: 8/mm
    began-translation: slop
    recordings: [Recordings, /abs/more]
    """
    let c = try ProjectConfiguration.parse(text, file: "/project/sub/touchtape.yml")
    #expect(c.setsProfile)
    #expect(c.settings == SessionSettings(profile: .easytransitions, threshold: 0.4, flickVelocity: 300, flickEnabled: false,
                                          edge: .top, distance: 700, scale: 5, resolutionFallback: .unitsPerMillimetre(8),
                                          beganTranslation: .slop))
    #expect(c.recordings == ["/project/sub/Recordings", "/abs/more"], "relative to the file's folder")
    let single = try ProjectConfiguration.parse("recordings: gestures\n", file: "touchtape.yml")
    #expect(single.recordings.count == 1 && single.recordings[0].hasSuffix("/gestures"))
    #expect(!single.setsProfile && single.settings == SessionSettings())
    #expect(try ProjectConfiguration.parse("", file: "touchtape.yml").settings == SessionSettings(), "an empty file sets nothing")
}

@Test(arguments: [
    ("profile: transition\nthresold: 0.4\n", 2, "unknown setting 'thresold'"),
    ("threshold: 1.5\n", 1, "threshold"),
    ("distance: far\n", 1, "distance far: not a decimal number"),
    ("profile: uikit\n", 1, "unknown profile 'uikit'"),
    ("edge: up\n", 1, "unknown edge 'up'"),
    ("flick: maybe\n", 1, "flick must be true or false"),
    ("scale: 5\nscale: 6\n", 2, "set twice"),
    ("profile: [a\n", 2, "not valid YAML"),
    ("- profile\n", 1, "expected a mapping"),
    ("resolution-fallback: wide\n", 1, "resolution-fallback wide: not a length in mm nor units per mm"),
    ("threshold: 0x10\n", 1, "threshold 0x10: not a decimal number"),
    ("slop: 1e300\n", 1, "slop 1e300: out of range"),
    ("began-translation: half\n", 1, "unknown began-translation 'half'"),
    ("threshold: 0.4\nrecordings: \"\"\n", 2, "recordings holds an empty path"),
    ("recordings: [Recordings, \" \"]\n", 1, "recordings holds an empty path"),
])
func aBadConfigurationNamesItsFileAndLine(text: String, line: Int, message: String) {
    #expect {
        try ProjectConfiguration.parse(text, file: "touchtape.yml")
    } throws: { error in
        guard let error = error as? ProjectConfigurationError else { return false }
        return error.line == line && error.message.contains(message) && !error.hint.isEmpty
            && error.description.hasPrefix("touchtape.yml:\(line): ")
    }
}

@Test func theNearestFileUpwardsIsFoundAndTheSearchStopsAtTheRoot() throws {
    let dir = try PackagePaths.scratchDirectory("tt-config")
    defer { try? FileManager.default.removeItem(at: dir) }
    let deep = dir.appendingPathComponent("a/b/c")
    try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
    try "profile: photozoom\n".write(to: dir.appendingPathComponent("a/touchtape.yml"), atomically: true, encoding: .utf8)
    // A folder of that name is not a configuration.
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("a/b/touchtape.yml"), withIntermediateDirectories: true)
    #expect(ProjectConfiguration.find(from: deep.path) == dir.appendingPathComponent("a/touchtape.yml").standardizedFileURL.path)
    #expect(ProjectConfiguration.find(from: "/") == nil || FileManager.default.fileExists(atPath: "/touchtape.yml"))
}

@Test func theCommandLineOverridesTheFileSettingBySetting() {
    let file = SessionSettings(profile: .easytransitions, threshold: 0.4, flickEnabled: false, distance: 700)
    let line = SessionSettings(profile: .transition, threshold: 0.6)
    let merged = file.overlaid(by: line, profileSet: false, flickSet: false)
    #expect(merged == SessionSettings(profile: .easytransitions, threshold: 0.6, flickEnabled: false, distance: 700))
    let all = file.overlaid(by: SessionSettings(profile: .photozoom, flickEnabled: true), profileSet: true, flickSet: true)
    #expect(all.profile == .photozoom && all.flickEnabled && all.threshold == 0.4)
}
