@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan
import TouchTapeDismissal

/// The settings a run used, as values (the profile's with the overrides applied), so a
/// report says what it was judged against without the reader knowing the profile's
/// defaults. Every report format starts with it.
package struct EffectiveSettings: Hashable, Sendable {
    /// One setting: a stable key (JSON, JUnit property; the settings table's
    /// ``SessionSetting/jsonKey`` for a user's setting), its value for JSON, and its words.
    package struct Entry: Hashable, Sendable {
        package var key: String
        package var value: JSONValue
        package var text: String
    }

    package var entries: [Entry]
    /// The unit of every distance and velocity in the run (the profile's).
    package var unit: PlatformUnit = .points
    /// The rules take no flick whatever its velocity (PhotoZoomAnimator's and
    /// `BottomSheetBehavior`'s: the position, or the projected release, and a cancel velocity
    /// decide), so a flick
    /// velocity given has no effect.
    package var flickIgnored = false

    package init(entries: [Entry]) { self.entries = entries }

    package init(configuration c: ReplayConfiguration) {
        let d = c.dismissal
        let u = d.unit.symbol
        unit = d.unit
        flickIgnored = d.rule == .vetoOnly
        var e: [Entry] = [Entry(key: SessionSetting.profile.jsonKey, value: .string(c.profileName), text: c.profileName)]
        // The unit of every number below (and in every row), said unless it is UIKit's
        // points, so every iOS report keeps its bytes.
        if d.unit != .points {
            e.append(Entry(key: "unit", value: .string(d.unit.symbol), text: "units: \(d.unit.words)"))
        }
        if case .distance(let points) = d.decisionInput {
            // Compose: an absolute distance; the threshold (if any) is the nearer anchor at rest.
            e.append(Entry(key: SessionSetting.threshold.jsonKey, value: d.completionThreshold.map(JSONValue.number) ?? .null,
                           text: "distance to pass \(shown(points)) \(u) (finish if \(d.thresholdComparison.symbol))"
                               + (d.completionThreshold.map { ", at rest the nearer anchor (\(shown($0)))" } ?? "")))
        } else if let threshold = d.completionThreshold, case .projection(let seconds, let fromStartOnly) = d.decisionInput {
            e.append(Entry(key: SessionSetting.threshold.jsonKey, value: .number(threshold),
                           text: "threshold \(shown(threshold)) on the release projected \(shown(seconds)) s ahead (finish if \(d.thresholdComparison.symbol))"
                               + (fromStartOnly ? ", never behind the start" : "")))
        } else if let threshold = d.completionThreshold {
            e.append(Entry(key: SessionSetting.threshold.jsonKey, value: .number(threshold),
                           text: "threshold \(shown(threshold)) (finish if \(d.thresholdComparison.symbol))"))
        } else {
            e.append(Entry(key: SessionSetting.threshold.jsonKey, value: .null, text: "no threshold (image centre vs anchor)"))
        }
        if let flick = d.flick, d.rule != .vetoOnly {
            let measure = d.velocityMeasure == .magnitude2D ? "|v|" : "v along edge"
            e.append(Entry(key: SessionSetting.flickVelocity.jsonKey, value: .number(flick.minimumVelocity),
                           text: "flick \(measure) \(flick.comparison.symbol) \(shown(flick.minimumVelocity)) \(u)/s"))
        } else {
            e.append(Entry(key: SessionSetting.flickVelocity.jsonKey, value: .null, text: "no flick"))
        }
        e.append(Entry(key: SessionSetting.edge.jsonKey, value: .string(d.edge.rawValue), text: "edge \(d.edge)"))
        e.append(Entry(key: SessionSetting.distance.jsonKey, value: .number(d.divisor), text: "distance \(shown(d.divisor)) \(u)"))
        e.append(Entry(key: SessionSetting.scale.jsonKey, value: .number(c.pan.scale), text: "scale \(shown(c.pan.scale)) \(u)/mm"))
        e.append(Entry(key: SessionSetting.slop.jsonKey, value: .object([("touchscreen", .number(c.pan.touchscreenSlop)),
                                                    ("touchpad", .number(c.pan.touchpadSlop))]),
                       text: "slop \(shown(c.pan.touchscreenSlop)) \(u) (touchpad \(shown(c.pan.touchpadSlop)) \(u))"))
        e.append(Entry(key: SessionSetting.velocity.jsonKey, value: .string(c.pan.velocityStrategy.rawValue),
                       text: "velocity \(c.pan.velocityStrategy.rawValue)"))
        // Listed only when it is not the default, so the reports of every run at the
        // default read as before the setting existed.
        if c.pan.beganTranslation != .zero {
            e.append(Entry(key: SessionSetting.beganTranslation.jsonKey, value: .string(c.pan.beganTranslation.rawValue),
                           text: "began translation \(c.pan.beganTranslation.rawValue)"))
        }
        let maximum = c.pan.touchscreenFingers.maximum
        e.append(Entry(key: "maximumTouches", value: maximum.map(JSONValue.integer) ?? .null,
                       text: maximum.map { "at most \($0) touch\($0 == 1 ? "" : "es")" } ?? "any touches"))
        // Listed only when given, so every report without it keeps its bytes.
        if let size = c.deviceSize {
            e.append(Entry(key: SessionSetting.deviceSize.jsonKey, value: .string(size.argument), text: "device size \(size.argument)"))
        }
        e.append(Entry(key: SessionSetting.resolutionFallback.jsonKey, value: .string(c.resolutionFallback.argument),
                       text: "resolution fallback \(c.resolutionFallback.argument)"))
        entries = e
    }

    /// `{"profile": …, "threshold": …}` in a fixed order.
    package var json: JSONValue { .object(entries.map { ($0.key, $0.value) }) }

    /// The words, comma-separated.
    package var text: String { entries.map(\.text).joined(separator: ", ") }
}

/// A setting's value in the settings line: four decimals (``fmt(_:)``), or the shortest text
/// that reads back as the value where those four would hide it (`--distance 1e-9` printed
/// `distance 0`, a value the replay did not use).
private func shown(_ value: Double) -> String {
    let text = fmt(value)
    guard value.isFinite, value != 0, abs(value) < 0.001 else { return text }
    return DecimalText.shortest(value)
}
