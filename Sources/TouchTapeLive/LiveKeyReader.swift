/// Bytes from the keyboard into keys, escape sequences recognised as what they are.
///
/// A terminal sends an arrow key as `ESC [ A` (or `ESC O A`), function keys and others as
/// longer `ESC [ … final` sequences. Read a byte at a time, the `[` of an arrow lowered the
/// threshold: two presses of Up took it from 0.33 to 0.25. Sequences are consumed whole:
/// arrows come out as ``Input/arrow(_:)``, every other sequence is dropped, and a sequence
/// split across two reads is finished on the next.
package struct LiveKeyReader: Sendable {
    /// What a run of bytes meant.
    package enum Input: Hashable, Sendable {
        /// A key of the session.
        case key(LiveKey)
        /// An arrow key.
        case arrow(Arrow)
    }

    /// The four arrows, by the final byte of their sequence.
    package enum Arrow: Hashable, Sendable {
        case up, down, right, left
    }

    /// Where in a sequence the reader stands (an explicit state machine).
    enum State: Hashable, Sendable {
        /// Between keys.
        case ground
        /// After ESC.
        case escape
        /// After `ESC [`: parameters until a final byte (0x40…0x7E).
        case controlSequence
        /// After `ESC O`: one final byte.
        case singleShift
    }

    private(set) var state = State.ground

    /// A reader between keys.
    package init() {}

    /// The inputs `bytes` complete, in order.
    package mutating func feed(_ bytes: some Sequence<UInt8>) -> [Input] {
        var inputs: [Input] = []
        for byte in bytes {
            switch state {
            case .ground:
                if byte == 0x1B { state = .escape } else if let key = LiveKey(byte: byte) { inputs.append(.key(key)) }
            case .escape:
                switch byte {
                case UInt8(ascii: "["): state = .controlSequence
                case UInt8(ascii: "O"): state = .singleShift
                case 0x1B: state = .escape          // ESC ESC: the first was a lone Escape
                default: state = .ground             // Alt+key: dropped, not a session key
                }
            case .controlSequence:
                if (0x40...0x7E).contains(byte) {
                    state = .ground
                    if let arrow = Self.arrow(byte) { inputs.append(.arrow(arrow)) }
                }
            case .singleShift:
                state = .ground
                if let arrow = Self.arrow(byte) { inputs.append(.arrow(arrow)) }
            }
        }
        return inputs
    }

    private static func arrow(_ final: UInt8) -> Arrow? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        default: nil
        }
    }
}
