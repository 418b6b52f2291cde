@_spi(Pipeline) import TouchTapeEvents
import TouchTapeReplay

/// The keys of a live session, one byte each (read from stdin in raw mode, or from a pipe).
///
/// An exhaustive enum so the screen's legend, the README and the handling in
/// ``LiveSession/press(_:)`` cannot drift apart: a new key is a new case, and every
/// `switch` over it stops compiling until it is handled.
package enum LiveKey: Hashable, Sendable, CaseIterable {
    case thresholdDown
    case thresholdUp
    case flickVelocityDown
    case flickVelocityUp
    case toggleFlick
    case nextProfile
    case nextEdge
    /// Back to the settings the session started with (profile, `touchtape.yml`, options).
    case resetSettings
    case labelFinish
    case labelCancel
    case labelNone
    case labelClear
    case save
    /// `--from`: stop the recording's clock, or start it again.
    case pauseResume
    /// `--from`, paused: the next frame.
    case step
    case quit

    /// The key for a byte read from the keyboard; `nil` for any other byte (ignored).
    /// `=` is `+` without shift; `Q` and Ctrl-D also quit.
    package init?(byte: UInt8) {
        switch byte {
        case UInt8(ascii: "["): self = .thresholdDown
        case UInt8(ascii: "]"): self = .thresholdUp
        case UInt8(ascii: "-"), UInt8(ascii: "_"): self = .flickVelocityDown
        case UInt8(ascii: "+"), UInt8(ascii: "="): self = .flickVelocityUp
        case UInt8(ascii: "v"): self = .toggleFlick
        case UInt8(ascii: "p"): self = .nextProfile
        case UInt8(ascii: "e"): self = .nextEdge
        case UInt8(ascii: "0"): self = .resetSettings
        case UInt8(ascii: "f"): self = .labelFinish
        case UInt8(ascii: "c"): self = .labelCancel
        case UInt8(ascii: "n"): self = .labelNone
        case UInt8(ascii: "x"): self = .labelClear
        case UInt8(ascii: "s"): self = .save
        case UInt8(ascii: " "): self = .pauseResume
        case UInt8(ascii: "."): self = .step
        case UInt8(ascii: "q"), UInt8(ascii: "Q"), 4: self = .quit
        default: return nil
        }
    }

    /// The key as the legend shows it.
    package var symbol: String {
        switch self {
        case .thresholdDown: return "["
        case .thresholdUp: return "]"
        case .flickVelocityDown: return "-"
        case .flickVelocityUp: return "+"
        case .toggleFlick: return "v"
        case .nextProfile: return "p"
        case .nextEdge: return "e"
        case .resetSettings: return "0"
        case .labelFinish: return "f"
        case .labelCancel: return "c"
        case .labelNone: return "n"
        case .labelClear: return "x"
        case .save: return "s"
        case .pauseResume: return "space"
        case .step: return "."
        case .quit: return "q"
        }
    }

    /// What the key does, in a few words.
    package var meaning: String {
        switch self {
        case .thresholdDown: return "threshold -" + DecimalText.shortest(SessionSettings.thresholdStep)
        case .thresholdUp: return "threshold +" + DecimalText.shortest(SessionSettings.thresholdStep)
        case .flickVelocityDown: return "flick -" + DecimalText.shortest(SessionSettings.flickVelocityStep)
        case .flickVelocityUp: return "flick +" + DecimalText.shortest(SessionSettings.flickVelocityStep)
        case .toggleFlick: return "flick on/off"
        case .nextProfile: return "next profile"
        case .nextEdge: return "next edge"
        case .resetSettings: return "back to the starting settings"
        case .labelFinish: return "label the selected gesture: finish"
        case .labelCancel: return "label the selected gesture: cancel"
        case .labelNone: return "label the selected gesture: none (must not dismiss)"
        case .labelClear: return "clear the selected gesture's label"
        case .save: return "save the selected gesture"
        case .pauseResume: return "pause / resume the recording (--from)"
        case .step: return "paused: the next frame (--from)"
        case .quit: return "quit"
        }
    }

    /// The legend, short form, grouped as the screen shows it: quitting, saving, labelling
    /// and selecting first, so a narrow terminal (80 columns) cuts only settings keys.
    package static let legend = "q quit  s save  f c n x label  up/down select  space pause  . step  [ ] threshold  - + flick  v flick on/off  p profile  e edge  0 reset"
}
