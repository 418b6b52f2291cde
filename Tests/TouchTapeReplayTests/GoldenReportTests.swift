import Foundation
import Testing
import TouchTapeFormats
import TouchTapeDismissal
import TouchTapeTestSupport
@testable import TouchTapeReplay

// Issue 22: the reports are kept as golden files, every format under every profile on the
// bundled recordings and on the peer recordings, so that a change to the replay engine that
// moves a byte of any report fails here, and a change to the reports is made on purpose:
//
//     TOUCHTAPE_UPDATE_GOLDEN=1 swift test --filter GoldenReportTests
//
// rewrites them (then read the diff). Paths are written relative to the corpus's folder
// (`<root>/`), so the files are the same on every machine.

private let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
private let updating = ProcessInfo.processInfo.environment["TOUCHTAPE_UPDATE_GOLDEN"] == "1"

/// One report to keep: a corpus, a profile and a format.
struct GoldenCase: CustomTestStringConvertible, Sendable {
    let corpus: String
    let profile: DismissalProfile
    let format: String   // text, json, junit, html
    var testDescription: String { "\(corpus) \(profile.rawValue) \(format)" }
    var fileName: String {
        let ext = ["text": "txt", "json": "json", "junit": "xml", "html": "html"][format]!
        return "\(corpus)-\(profile.rawValue).\(ext)"
    }

    static let all: [GoldenCase] = ["recordings", "peers"].flatMap { corpus in
        DismissalProfile.allCases.flatMap { profile in
            // The HTML page embeds a plot of every track: kept for the bundled recordings only.
            (corpus == "recordings" ? ["text", "json", "junit", "html"] : ["text", "json", "junit"]).map {
                GoldenCase(corpus: corpus, profile: profile, format: $0)
            }
        }
    }
}

/// The report of `golden`, with the corpus folder written `<root>/`.
private func render(_ golden: GoldenCase) throws -> String {
    let root = golden.corpus == "recordings" ? PackagePaths.recordings : PackagePaths.peerRecordings
    #expect(FileManager.default.fileExists(atPath: root.path), "\(root.path) is missing: the golden test needs it")
    let sources = try RecordingLocator.search([root.path]).sources
    #expect(sources.count >= 5, "the corpus was read")
    let settings = SessionSettings(profile: golden.profile)
    let configuration = try settings.configuration()
    let report = ReplayRunner(settings: settings, configuration: configuration).run(sources)
    let text: String
    switch golden.format {
    case "text": text = ReportFormat.text.render(report)
    case "json": text = ReportFormat.json.render(report)
    case "junit": text = ReportFormat.junit.render(report)
    default:
        text = HTMLReportRenderer.render(report, transcripts: RecordingReplay.transcripts(sources, configuration: configuration),
                                         settings: configuration.dismissal)
    }
    return text.replacingOccurrences(of: root.path + "/", with: "<root>/").replacingOccurrences(of: root.path, with: "<root>")
}

@Test(arguments: GoldenCase.all)
func theReportIsTheGoldenOne(golden: GoldenCase) throws {
    let file = goldenFolder.appendingPathComponent(golden.fileName)
    let rendered = try render(golden)
    if updating {
        try FileManager.default.createDirectory(at: goldenFolder, withIntermediateDirectories: true)
        try rendered.write(to: file, atomically: true, encoding: .utf8)
        return
    }
    let kept = try String(contentsOf: file, encoding: .utf8)
    if kept != rendered {
        let keptLines = kept.split(separator: "\n", omittingEmptySubsequences: false)
        let newLines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(keptLines, newLines).enumerated().first { $0.element.0 != $0.element.1 }
        let where_ = first.map { "line \($0.offset + 1):\n  kept: \($0.element.0)\n  now:  \($0.element.1)" }
            ?? "lengths differ: \(keptLines.count) vs \(newLines.count) lines"
        Issue.record("\(golden.fileName) differs at \(where_)\n(TOUCHTAPE_UPDATE_GOLDEN=1 rewrites the golden files; read the diff)")
    }
}
