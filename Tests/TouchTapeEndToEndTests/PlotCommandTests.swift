import Testing
import Foundation
import TouchTapeTestSupport

/// `touchtape plot` and `replay --html`, rendered to PNG by real Debian renderers
/// (`rsvg-convert` from librsvg2-bin, headless `chromium`; `tools/install-deps --test`).
private func scratch() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("touchtape-plot-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

/// Renders with a hard 20 s deadline (`timeout` kills the renderer), so a hung renderer
/// cannot hold the build lock.
private func render(_ arguments: [String]) throws -> Run {
    try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/timeout"), ["-k", "2", "20"] + arguments)
}

private func pngSize(_ path: String) -> Int {
    guard let data = FileManager.default.contents(atPath: path), data.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return 0 }
    return data.count
}

@Test func plotDrawsThresholdReleaseVelocityAndLabelledAxesAndRendersToPNG() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let svg = dir.appendingPathComponent("plot.svg").path
    let run = try TouchTapeBinary.run(["plot", TouchTapeBinary.bundled("touchscreen-flick-up-cancel.evemu"), "-o", svg])
    #expect(run.status == 0, "\(run.stderr)")
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    // The upward flick that cancels crosses Transition's flick against the edge: it is drawn.
    for id in ["threshold-line", "flick-line", "opposite-flick-line", "release-point", "progress-line", "velocity-line", "completion-line"] {
        #expect(text.contains("id=\"\(id)\""), "missing \(id)")
    }
    #expect(text.contains(">flick towards top cancels: |v| &gt;= 1200 pt/s</text>"))
    // A projected flick the other way, on the plotted axis: v ≤ −700 (it said `v >= 700`).
    let flutter = dir.appendingPathComponent("flutter.svg").path
    #expect(try TouchTapeBinary.run(["plot", "Recordings/touchscreen-pan-down-finish.evemu", "--profile", "flutter", "--edge", "bottom",
                                     "--no-config", "-o", flutter]).status == 0)
    #expect(try String(contentsOfFile: flutter, encoding: .utf8).contains(">flick towards top cancels: v &lt;= -700 lpx/s</text>"))
    #expect(text.contains("class=\"grid-velocity\"") && text.contains("class=\"tick-label-velocity\""), "the velocity axis' own grid")
    // EasyTransitions' boundaries: the flick (v > 100) and the cancel velocity (v <= -5).
    let easy = try TouchTapeBinary.run(["plot", TouchTapeBinary.bundled("touchscreen-flick-up-cancel.evemu"), "--profile", "easytransitions", "-o", "-"])
    #expect(easy.stdout.contains(">flick towards bottom finishes: v &gt; 100 pt/s</text>"))
    #expect(easy.stdout.contains(">cancels: v &lt;= -5 pt/s</text>") && !easy.stdout.contains("opposite-flick-line"))
    #expect(text.contains(">time (s)</text>"))
    #expect(text.contains(">progress (fraction of 900 pt)</text>"))
    #expect(text.contains(">velocity towards bottom (pt/s)</text>"))
    #expect(text.contains("cancel (labelled cancel)"))
    #expect(text.contains("prefers-color-scheme: dark"))
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert") else {
        Issue.record("rsvg-convert missing: tools/install-deps --test installs librsvg2-bin"); return
    }
    let png = dir.appendingPathComponent("plot.png").path
    let converted = try render(["/usr/bin/rsvg-convert", svg, "-o", png])
    #expect(converted.status == 0, "\(converted.stderr)")
    #expect(pngSize(png) > 20_000, "a drawn plot, not an empty canvas")
    // `-o -` writes the SVG to standard output.
    let stdout = try TouchTapeBinary.run(["plot", TouchTapeBinary.bundled("touchscreen-flick-up-cancel.evemu"), "-o", "-"])
    #expect(stdout.stdout == text)
}

@Test func decisionMapColoursTracksByTheirLabelsAndRendersToPNG() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let svg = dir.appendingPathComponent("map.svg").path
    let run = try TouchTapeBinary.run(["plot", "--map", "Recordings", "--threshold", "0.5", "-o", svg])
    #expect(run.status == 0, "\(run.stderr)")
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(text.contains("id=\"threshold-line\""))
    #expect(text.contains(">release progress (fraction of 900 pt)</text>"))
    #expect(text.contains(">release velocity towards bottom (pt/s)</text>"))
    #expect(text.contains("class=\"finish-region\"") && text.contains("class=\"cancel-region\""))
    // At threshold 0.5 the two-finger pan released at 0.364 cancels, though labelled finish.
    #expect(text.contains("class=\"not-as-labelled\" points="), "a track that came out otherwise is marked (a triangle)")
    #expect(text.contains("class=\"as-labelled\" cx="))
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert") else {
        Issue.record("rsvg-convert missing: tools/install-deps --test installs librsvg2-bin"); return
    }
    let png = dir.appendingPathComponent("map.png").path
    #expect(try render(["/usr/bin/rsvg-convert", svg, "-o", png]).status == 0)
    #expect(pngSize(png) > 20_000)
}

/// The map marks a track as `expected-outcome` judges it: under Flutter's rules (which
/// begin on every pan) the pans labelled none cancel, which replay passes; the map drew them
/// as not as labelled (triangles); now there is none, and the legend, which lists only the
/// shapes drawn, has none either.
@Test func decisionMapJudgesLabelsAsTheChecksDo() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let svg = dir.appendingPathComponent("map.svg").path
    let replay = try TouchTapeBinary.run(["replay", "Recordings", "--profile", "flutter", "--edge", "bottom", "--no-config"])
    #expect(replay.status == 0 && replay.stdout.contains(" 0 failed"), "\(replay.stdout.suffix(200))")
    let run = try TouchTapeBinary.run(["plot", "--map", "Recordings", "--profile", "flutter", "--edge", "bottom", "--no-config", "-o", svg])
    #expect(run.status == 0, "\(run.stderr)")
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(text.components(separatedBy: "class=\"not-as-labelled\" points=").count - 1 == 0, "no triangle, not even in the legend")
    #expect(!text.contains(">not as labelled</text>") && text.contains(">as labelled</text>"))
    #expect(text.contains("touchscreen-refusals-none.evemu #1: cancel (labelled none)"))
}

@Test func htmlPageIsSelfContainedAndRendersInChromium() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let html = dir.appendingPathComponent("report.html").path
    let run = try TouchTapeBinary.run(["replay", "Recordings", "--threshold", "0.5", "--html", html])
    #expect(run.status == 1, "a labelled track fails at threshold 0.5")
    let text = try String(contentsOfFile: html, encoding: .utf8)
    #expect(!text.contains("http://") || !text.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains("http://"),
            "no network: only the SVG namespace names a URL")
    #expect(!text.contains("https://") && !text.contains("<script"))
    let summary = String(run.stdout.split(separator: "\n").last ?? "")
    #expect(summary.contains(" failed") && !summary.contains(" 0 failed"), "\(summary)")
    #expect(text.contains("<p class=\"summary failed\" id=\"summary\">\(summary)</p>"), "the page's summary is the report's")
    #expect(text.contains("<div class=\"track failed\""), "the failed track is highlighted")
    #expect(text.contains("<tr class=\"failed\"><td>expected-outcome</td>"))
    #expect(text.components(separatedBy: "-threshold-line\"").count - 1 >= 10, "the map and a plot per track with a pan")
    // Ids are unique in a page (each drawing's are prefixed: map-, track-N-).
    let ids = text.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    #expect(ids.count > 20)
    #expect(Set(ids).count == ids.count, "repeated ids: \(Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted())")
    #expect(text.contains("prefers-color-scheme: dark"))
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
        Issue.record("chromium missing: tools/install-deps --test installs it"); return
    }
    let png = dir.appendingPathComponent("report.png").path
    let shot = try render(["/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           "--user-data-dir=\(dir.appendingPathComponent("profile").path)",
                           "--window-size=1100,2000", "--screenshot=\(png)", "file://\(html)"])
    #expect(shot.status == 0, "\(shot.stderr.suffix(500))")
    #expect(pngSize(png) > 50_000)
}

/// A track plot draws the position the rules compare the release with, and its legend lists
/// only what is drawn: Compose's 56 dp distance (not the at-rest 0.5), a projecting rule's
/// release projected ahead, no threshold for PhotoZoomAnimator (which has none). The time
/// axis ends near the data, in round steps.
@Test func aTrackPlotDrawsWhatTheRulesCompareTheReleaseWith() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    func plot(_ file: String, _ profile: String, _ extra: [String] = []) throws -> String {
        let svg = dir.appendingPathComponent("\(profile).svg").path
        let run = try TouchTapeBinary.run(["plot", TouchTapeBinary.bundled(file), "--profile", profile, "--no-config", "-o", svg] + extra)
        #expect(run.status == 0, "\(run.stderr)")
        return try String(contentsOfFile: svg, encoding: .utf8)
    }
    let compose = try plot("touchscreen-flick-down-finish.evemu", "composeswipe", ["--edge", "bottom"])
    #expect(compose.contains(">distance 56 dp: moving on finishes past it</text>"))
    #expect(compose.contains(">moving back: cancels before 56 dp from the end</text>"))
    #expect(!compose.contains(">threshold 0.500</text>"))
    let projection = try plot("touchpad-two-finger-pan-finish.yml", "projection")
    #expect(projection.contains("id=\"projected-release\""))
    #expect(projection.contains("the release projected 0.499 s ahead: progress 0.491"), "the value the threshold is compared with")
    let photozoom = try plot("touchscreen-flick-up-cancel.evemu", "photozoom")
    #expect(!photozoom.contains("id=\"threshold-line\"") && !photozoom.contains("legend-threshold\""))
    #expect(photozoom.contains(">release</text>"))
    // A track with no pan (one-finger touchpad motion) says so in the picture; its legend
    // has no progress or velocity, which are not drawn.
    let none = dir.appendingPathComponent("none.svg").path
    #expect(try TouchTapeBinary.run(["plot", TouchTapeBinary.bundled("touchpad-two-finger-flick-up-cancel.yml"), "--track", "2",
                                     "--no-config", "-o", none]).status == 0)
    let noPan = try String(contentsOfFile: none, encoding: .utf8)
    #expect(noPan.contains("id=\"no-pan\"") && !noPan.contains("class=\"legend-progress\""))
    // Its time axis is the track's own 512 ms (with no samples it stood at 0.1 s).
    let timeTicks = noPan.split(separator: "\n").filter { $0.contains("<text class=\"tick-label\" ") }
        .map { $0.split(separator: ">")[1].split(separator: "<")[0] }
    #expect(timeTicks.last == "0.6", "\(timeTicks)")
    // 1.07 s of data: an axis to 1.2 s in steps of 0.2 (it ran to 2 s, or to 1.2 in steps of 0.24 printed 0.2, 0.5, 0.7).
    #expect(projection.contains(">1.2</text>") && !projection.contains(">0.5</text>") && !projection.contains(">2.0</text>"))
}

/// `--track` draws one track; with `--map`, which draws every track, it is refused rather
/// than ignored.
@Test func plotMapRefusesTrack() throws {
    let run = try TouchTapeBinary.run(["plot", "--map", "Recordings", "--track", "3", "--no-config", "-o", "/tmp/touchtape-never-written.svg"])
    #expect(run.status == 2 && run.stderr.contains("--track does not apply to --map"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: "/tmp/touchtape-never-written.svg"))
}
