import Testing
@_spi(Pipeline) import TouchTapeContract
import TouchTapeDismissal
import TouchTapeFormats
import TouchTapeTestSupport
@testable import TouchTapeReplay

// The decision map draws a release at (progress, velocity along the axis) over the regions
// of releases straight along the axis. Transition's flick reads the 2-D speed |v|: a release
// drawn at its component along the axis sat in the region that cancels though it finished.

private let transition = ReleaseRules(settings: DismissalProfile.transition.settings)

/// A diagonal release mostly towards the edge: |v| 1281 ≥ 1200 flicks; along it only 1000.
@Test func aTransitionReleaseIsDrawnAtTheSpeedItsFlickRuleReads() {
    let v = Vector2(x: 800, y: 1000)
    let placed = DecisionMap.placement(of: v, progress: 0.1, rules: transition)
    #expect(placed.velocity == v.length)
    #expect(placed.otherwise == nil)
    #expect(DecisionMap.finishes(transition, progress: 0.1, velocity: placed.velocity, edge: .bottom, divisor: 900))
    // Where the component along the axis would have put it: the region that cancels.
    #expect(!DecisionMap.finishes(transition, progress: 0.1, velocity: 1000, edge: .bottom, divisor: 900))
    // Moving back mostly along the axis: drawn below zero, at −|v|.
    #expect(DecisionMap.placement(of: Vector2(x: 300, y: -1300), progress: 0.5, rules: transition).velocity
            == -Vector2(x: 300, y: -1300).length)
}

/// A fling mostly sideways: Transition ignores it, so the position decides (cancel at 0.1);
/// no place on the axis says so, and the point is ringed.
@Test func aSidewaysFlingTheRuleIgnoresIsRinged() {
    let v = Vector2(x: 2000, y: 1500)
    let placed = DecisionMap.placement(of: v, progress: 0.1, rules: transition)
    #expect(placed.velocity == 1500)
    #expect(placed.otherwise == .across)
    // A projected rule reads the component: drawn there, decided as drawn.
    let flutter = ReleaseRules(settings: DismissalProfile.flutter.settings)
    let across = DecisionMap.placement(of: Vector2(x: 900, y: 2000), progress: 0.1, rules: flutter)
    #expect(across.velocity == 900 && across.otherwise == nil)
}

/// BottomSheetBehavior never hides a sheet released behind where it started, however fast:
/// drawn at progress 0 over the region that finishes, such a release is ringed for its position.
@Test func aReleaseBehindItsStartIsRingedForItsPosition() {
    let sheet = ReleaseRules(settings: DismissalProfile.bottomsheet.settings)
    let behind = Vector2(x: 0, y: -0.34 * sheet.settings.divisor)
    let placed = DecisionMap.placement(of: Vector2(x: 0, y: 3622), progress: 0, translation: behind, rules: sheet)
    #expect(placed.otherwise == .position)
    #expect(abs(placed.rawProgress + 0.34) < 1e-9)
    // The same release ahead of its start is decided as drawn.
    let ahead = DecisionMap.placement(of: Vector2(x: 0, y: 3622), progress: 0.01,
                                      translation: Vector2(x: 0, y: 0.01 * sheet.settings.divisor), rules: sheet)
    #expect(ahead.otherwise == nil)
}

/// The star's words and the lines' words sit where no point is: a number never covers them
/// and they never cover a point (PhotoZoomAnimator's star sat over track 13's point).
@Test(arguments: [DismissalProfile.photozoom, .composesheet, .transition])
func theMapsWordsCoverNoPoint(profile: DismissalProfile) throws {
    let settings = SessionSettings(profile: profile)
    let report = ReplayRunner(settings: settings, configuration: try settings.configuration())
        .run(try RecordingLocator.sources(for: [PackagePaths.recordings.path]))
    let svg = DecisionMap.svg(report, settings: try settings.configuration().dismissal)
    struct Box { var x0, y0, x1, y1: Double
        func overlaps(_ o: Box) -> Bool { x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1 } }
    var points: [Box] = []
    for m in svg.matches(of: #/<circle id="track-\d+" class="[a-z-]+" cx="([\d.]+)" cy="([\d.]+)"/#) {
        points.append(Box(x0: Double(m.output.1)! - 6, y0: Double(m.output.2)! - 6, x1: Double(m.output.1)! + 6, y1: Double(m.output.2)! + 6))
    }
    for m in svg.matches(of: #/<polygon id="track-\d+" class="[a-z-]+" points="([\d.]+),([\d.]+) /#) {
        let x = Double(m.output.1)!, y = Double(m.output.2)!
        points.append(Box(x0: x - 8, y0: y - 8, x1: x + 8, y1: y + 13))
    }
    #expect(points.count >= 10)
    let words = svg.matches(of: #/<text (?:id="recommended-words" )?class="small" x="([\d.]+)" y="([\d.]+)" text-anchor="(start|end)">((?:recommended|flick|threshold|distance)[^<]*)</text>/#)
    #expect(!words.isEmpty)
    for m in words {
        let x = Double(m.output.1)!, y = Double(m.output.2)!, w = 6.2 * Double(m.output.4.count)
        let box = m.output.3 == "end" ? Box(x0: x - w, y0: y - 10, x1: x, y1: y + 3) : Box(x0: x, y0: y - 10, x1: x + w, y1: y + 3)
        if m.output.4.hasPrefix("recommended") {
            for p in points { #expect(!box.overlaps(p), "\(profile): '\(m.output.4)' covers a point") }
        }
    }
    // The notes (numbers left out, points ringed) go in a corner no point is in, on a backing.
    let notes = svg.matches(of: #/<rect class="label-bg" [^>]*/>\n<text id="(unplaced|sideways)" class="small" x="([\d.]+)" y="([\d.]+)" text-anchor="start">([^<]*)</text>/#)
    if profile == .composesheet { #expect(!notes.isEmpty, "Compose's sheet leaves numbers out on the bundled recordings") }
    for m in notes {
        let x = Double(m.output.2)!, y = Double(m.output.3)!
        let box = Box(x0: x - 3, y0: y - 10, x1: x + 5.6 * Double(m.output.4.count) + 3, y1: y + 3)
        for p in points { #expect(!box.overlaps(p), "\(profile): the note '\(m.output.4)' covers a point") }
    }
}
