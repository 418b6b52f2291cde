@_spi(Pipeline) import TouchTapeEvents
import TouchTapeDismissal
import TouchTapePan
import TouchTapeFrames

/// A number the user typed that is not one the option takes: which option, what was typed,
/// and what it takes (range and unit).
///
/// ```
/// --speed 1e19: out of range; give how many times faster than recorded, from 0.01 to 10000 (e.g. 2)
/// ```
package struct OptionValueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The option as the user typed it (`--speed`).
    package var option: String
    /// What was typed (control characters escaped).
    package var value: String
    /// Why it is refused: `not a decimal number`, `out of range`.
    package var problem: String
    /// What the option takes.
    package var expected: String

    /// A value from its parts.
    package init(option: String, value: String, problem: String, expected: String) {
        self.option = option
        self.value = value
        self.problem = problem
        self.expected = expected
    }

    /// One line: option, value, problem, what it takes.
    package var description: String { "\(option) \(value): \(reason)" }

    /// The problem and what the option takes, without the option and value (for a
    /// message that names them already).
    package var reason: String { "\(problem); \(expected)" }
}

/// How one numeric option is read: every number a user can type (options, sweep ranges,
/// `touchtape.yml`) is parsed and checked here, where it is parsed, so no command ever
/// converts `nan`, `inf` or `1e19` into an integer further on.
///
/// Only plain decimals are numbers (`12`, `-0.5`, `1.2e3`): `0x10`, `nan`, `inf`,
/// `1_000` and empty text are refused, and so is anything that is not finite or not in
/// ``range``.
package struct NumberOption: Hashable, Sendable {
    /// The option's spelling (`--speed`).
    package var name: String
    /// What the number means, for the message (`how many times faster than recorded`).
    package var meaning: String
    /// The unit, appended to the range in messages (`s`, `pt/s`), or empty.
    package var unit: String
    /// The values taken.
    package var range: ClosedRange<Double>
    /// Whether the lower end itself is refused (`--speed 0`).
    package var excludesLowerBound: Bool
    /// A typical value, for the message.
    package var example: String

    /// A value from its parts.
    package init(name: String, meaning: String, unit: String = "", range: ClosedRange<Double>,
                excludesLowerBound: Bool = false, example: String) {
        self.name = name
        self.meaning = meaning
        self.unit = unit
        self.range = range
        self.excludesLowerBound = excludesLowerBound
        self.example = example
    }

    /// The same option under another spelling (`threshold:` in touchtape.yml).
    package func named(_ name: String) -> NumberOption {
        var copy = self
        copy.name = name
        return copy
    }

    /// What the option takes, in words.
    package var expected: String {
        let unit = self.unit.isEmpty ? "" : " " + self.unit
        let low = DecimalText.shortest(range.lowerBound), high = DecimalText.shortest(range.upperBound)
        let from = excludesLowerBound ? "more than \(low)" : "from \(low)"
        return "give \(meaning), \(from) to \(high)\(unit) (e.g. \(example))"
    }

    /// `text` as a number in range, or the error that names the option.
    package func parse(_ text: String) throws(OptionValueError) -> Double {
        guard let value = DecimalText.parse(text) else {
            throw OptionValueError(option: name, value: TextExcerpt.make(text), problem: "not a decimal number", expected: expected)
        }
        try check(value, typed: text)
        return value
    }

    /// Whether `value` is in the option's range.
    private func takes(_ value: Double) -> Bool {
        range.contains(value) && !(excludesLowerBound && value == range.lowerBound)
    }

    /// A number already read (from YAML, a key press) checked against the range.
    package func check(_ value: Double, typed: String? = nil) throws(OptionValueError) {
        let shown = typed.map { TextExcerpt.make($0) } ?? DecimalText.shortest(value)
        guard value.isFinite else {
            throw OptionValueError(option: name, value: shown, problem: "not a finite number", expected: expected)
        }
        // `1e-400` reads as 0 (below the smallest Double): a typo taken for 0 would change
        // the rules without a word.
        if value == 0, let typed, typed.prefix(while: { $0 != "e" && $0 != "E" }).contains(where: { ("1"..."9").contains($0) }) {
            throw OptionValueError(option: name, value: shown, problem: "too small to hold (it reads as 0)",
                                   expected: expected + (takes(0) ? "; give 0 for 0" : ""))
        }
        guard takes(value) else {
            throw OptionValueError(option: name, value: shown, problem: "out of range", expected: expected)
        }
    }

    /// `A...B` (sweep): both ends parsed as this option, A less than B.
    package func parseRange(_ text: String) throws(OptionValueError) -> ClosedRange<Double> {
        let parts = text.components(separatedBy: "...")
        guard parts.count == 2 else {
            throw OptionValueError(option: name, value: TextExcerpt.make(text), problem: "not a number or a range A...B",
                                   expected: expected)
        }
        let low = try parse(parts[0]), high = try parse(parts[1])
        guard low < high else {
            throw OptionValueError(option: name, value: TextExcerpt.make(text), problem: "the range is empty",
                                   expected: "give A...B with A less than B")
        }
        return low...high
    }
}

/// A whole number the user typed, read and checked the same way (`--track`, `--gestures`).
package struct IntegerOption: Hashable, Sendable {
    /// The option's spelling.
    package var name: String
    /// What the number means.
    package var meaning: String
    /// The values taken.
    package var range: ClosedRange<Int>

    /// A value from its parts.
    package init(name: String, meaning: String, range: ClosedRange<Int>) {
        self.name = name
        self.meaning = meaning
        self.range = range
    }

    /// Decimal digits only, at least one (no sign, no `0x`, no `_`).
    static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// What the option takes, in words.
    package var expected: String { "give \(meaning), a whole number from \(range.lowerBound) to \(range.upperBound)" }

    /// `text` as a whole number in range (decimal digits only), or the error that names the option.
    package func parse(_ text: String) throws(OptionValueError) -> Int {
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        guard Self.isDigits(digits) else {
            throw OptionValueError(option: name, value: TextExcerpt.make(text), problem: "not a whole number", expected: expected)
        }
        guard let value = Int(text), range.contains(value) else {
            throw OptionValueError(option: name, value: TextExcerpt.make(text), problem: "out of range", expected: expected)
        }
        return value
    }
}

// The numeric options of every command, each once: the ranges are the models' own where
// a model has one (a threshold is a fraction of the progress), else the widest range in
// which the value still means something and every later conversion stays exact.
extension NumberOption {
    /// `--threshold`: a fraction of the progress distance (``DismissalSettings/thresholdRange``).
    package static let threshold = NumberOption(name: "--threshold", meaning: "the completion threshold as a fraction of the progress",
                                               range: DismissalSettings.thresholdRange, example: "0.5")
    /// `--flick-velocity` (``DismissalSettings/flickVelocityRange``).
    package static let flickVelocity = NumberOption(name: "--flick-velocity", meaning: "the minimum flick speed", unit: "per second in the profile's unit (pt/s under UIKit)",
                                                   range: DismissalSettings.flickVelocityRange, example: "1200")
    /// `--distance`: the progress divisor (``DismissalSettings/progressDistanceRange``).
    /// From a thousandth of a unit: below, the fraction's division leaves the doubles' normal
    /// range (`2e-308` was refused by the settings' own check, in its field's name).
    package static let distance = NumberOption(name: "--distance", meaning: "the view's size along the pan", unit: "in the profile's unit (pt under UIKit)",
                                              range: 0.001...DismissalSettings.progressDistanceRange.upperBound, example: "844")
    /// `--scale`: the profile's units per millimetre of finger travel (``PanSettings/scaleRange``).
    package static let scale = NumberOption(name: "--scale", meaning: "the profile's units per millimetre of finger travel", unit: "(pt/mm under UIKit)",
                                           range: PanSettings.scaleRange, example: "6.417")
    /// `--slop`: how far a pan moves before it begins (``PanSettings/slopRange``).
    package static let slop = NumberOption(name: "--slop", meaning: "how far the fingers move before a pan begins", unit: "in the profile's unit (pt under UIKit)",
                                          range: PanSettings.slopRange, example: "10")
    /// `live --speed`: a recording played up to 10 000 times faster (its events then come
    /// in bursts; faster means nothing more) or 100 times slower.
    package static let speed = NumberOption(name: "--speed", meaning: "how many times faster than recorded to play",
                                           range: 0.01...10_000, example: "2")
    /// `play --start-delay`: up to an hour before the first event.
    package static let startDelay = NumberOption(name: "--start-delay", meaning: "the wait before the first event", unit: "s",
                                                range: 0...3600, example: "0.2")
    /// `play --hold`: up to an hour after the last event.
    package static let hold = NumberOption(name: "--hold", meaning: "how long the device stays after the last event", unit: "s",
                                          range: 0...3600, example: "0.2")
    /// `record --duration`: up to a week.
    package static let duration = NumberOption(name: "--duration", meaning: "how long to record", unit: "s",
                                              range: 0...604_800, excludesLowerBound: true, example: "30")
    /// `replay --progress-after` (hidden, for tests).
    package static let progressAfter = NumberOption(name: "--progress-after", meaning: "the wait before the progress line",
                                                   unit: "s", range: 0...3600, example: "1")
}

extension IntegerOption {
    /// `--track N`: tracks count from 1.
    package static let track = IntegerOption(name: "--track", meaning: "a track number as 'touchtape inspect' shows it",
                                            range: 1...Int(Int32.max))
    /// `--device N`: a device of a libinput recording, from 0.
    package static let device = IntegerOption(name: "--device", meaning: "a device index of the recording (0-based)",
                                             range: 0...4095)
    /// `--gestures N`.
    package static let gestures = IntegerOption(name: "--gestures", meaning: "how many gestures to stop after",
                                               range: 1...1_000_000)
}

extension ResolutionFallback {
    /// `--resolution-fallback` as the user typed it (`100mm`, `7.68/mm`), in its sane range.
    package static func parse(_ text: String, option: String = "--resolution-fallback") throws(OptionValueError) -> ResolutionFallback {
        let expected = "give the longer axis's length ('100mm', 1 to 10000 mm) or device units per millimetre ('7.68/mm')"
        guard let value = ResolutionFallback(text) else {
            throw OptionValueError(option: option, value: TextExcerpt.make(text),
                                   problem: "not a length in mm nor units per mm", expected: expected)
        }
        do { return try value.validated() } catch {
            throw OptionValueError(option: option, value: TextExcerpt.make(text), problem: "out of range", expected: error.hint)
        }
    }
}
