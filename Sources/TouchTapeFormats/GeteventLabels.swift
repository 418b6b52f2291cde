@_spi(Pipeline) import TouchTapeEvents

/// The names Android's `getevent -l` prints for types, codes, values and input
/// properties, and the way back (docs/getevent-format.md §6).
///
/// getevent's tables are generated from the kernel headers in header order, aliases
/// included, and it prints the **first** name with a value (0x110 is `BTN_MOUSE`, not
/// `BTN_LEFT`). Reading takes every name of the tables, aliases and names from older
/// Android releases' tables alike, and a name cut to getevent's column width (20 for
/// codes and values, 12 for types) when exactly one name starts with it.
enum GeteventLabels {
    /// Which of getevent's tables a lookup uses.
    enum Table {
        case inputProperties, types, syn, key, rel, abs, sw, msc, led, rep, snd, mtTool, ffStatus, ff

        var entries: [(name: String, value: Int)] {
            switch self {
            case .inputProperties: return GeteventLabels.inputPropertiesTable
            case .types: return GeteventLabels.typesTable
            case .syn: return GeteventLabels.synTable
            case .key: return GeteventLabels.keyTable
            case .rel: return GeteventLabels.relTable
            case .abs: return GeteventLabels.absTable
            case .sw: return GeteventLabels.swTable
            case .msc: return GeteventLabels.mscTable
            case .led: return GeteventLabels.ledTable
            case .rep: return GeteventLabels.repTable
            case .snd: return GeteventLabels.sndTable
            case .mtTool: return GeteventLabels.mtToolTable
            case .ffStatus: return GeteventLabels.ffStatusTable
            case .ff: return GeteventLabels.ffTable
            }
        }

        /// The code table of an event type (`print_event`); `nil` for `EV_PWR` and unknown types.
        init?(codesOf type: UInt16) {
            switch type {
            case 0x00: self = .syn
            case 0x01: self = .key
            case 0x02: self = .rel
            case 0x03: self = .abs
            case 0x04: self = .msc
            case 0x05: self = .sw
            case 0x11: self = .led
            case 0x12: self = .snd
            case 0x14: self = .rep
            case 0x15: self = .ff
            case 0x17: self = .ffStatus
            default: return nil
            }
        }
    }

    /// `print_event`'s value labels for `EV_KEY` (`key_value_labels`).
    static let keyValueTable: [(name: String, value: Int)] = [("UP", 0), ("DOWN", 1), ("REPEAT", 2)]

    private static let firstNames: [Table: [Int: String]] = {
        var result: [Table: [Int: String]] = [:]
        for table in [Table.inputProperties, .types, .syn, .key, .rel, .abs, .sw, .msc, .led, .rep, .snd, .mtTool, .ffStatus, .ff] {
            var names: [Int: String] = [:]
            for entry in table.entries where names[entry.value] == nil { names[entry.value] = entry.name }
            result[table] = names
        }
        return result
    }()

    private static let values: [Table: [String: Int]] = {
        var result: [Table: [String: Int]] = [:]
        for table in [Table.inputProperties, .types, .syn, .key, .rel, .abs, .sw, .msc, .led, .rep, .snd, .mtTool, .ffStatus, .ff] {
            var names: [String: Int] = [:]
            for entry in table.entries where names[entry.name] == nil { names[entry.name] = entry.value }
            result[table] = names
        }
        return result
    }()

    /// The name getevent prints for `value` in `table` (the first one), or `nil` (it prints hex).
    static func label(_ value: Int, in table: Table) -> String? { firstNames[table]?[value] }

    /// What a name stands for.
    enum Lookup: Equatable {
        case value(Int)
        /// A name cut to the column width that several names start with.
        case ambiguous([String])
        case unknown
    }

    /// The value of `name` in `table`: exact, or a name cut to `width` characters that
    /// exactly one name of the table starts with.
    static func value(of name: Substring, in table: Table, width: Int) -> Lookup {
        let tableValues = values[table] ?? [:]
        if let value = tableValues[String(name)] { return .value(value) }
        // A kernel name TouchTape's own table knows (libevdev's), should a header lack it.
        if let known = EventCodes.code(named: String(name)), Table(codesOf: known.type) == table { return .value(Int(known.code)) }
        guard name.count == width else { return .unknown }
        let candidates = Set(tableValues.filter { $0.key.hasPrefix(name) }.map(\.value))
        if candidates.count == 1 { return .value(candidates.first!) }
        if candidates.isEmpty { return .unknown }
        return .ambiguous(tableValues.keys.filter { $0.hasPrefix(name) }.sorted())
    }

    /// The value of an `EV_KEY` value label (`UP`, `DOWN`, `REPEAT`).
    static func keyValue(of name: Substring) -> Int? {
        keyValueTable.first { $0.name == name }?.value
    }

    /// The same from the label's bytes.
    static func keyValue(of name: UnsafeBufferPointer<UInt8>) -> Int? {
        keyValueTable.first { $0.name.utf8.elementsEqual(name) }?.value
    }
}

/// The labels a capture's event lines name, each looked up in ``GeteventLabels`` once: a
/// capture names a dozen, one or two on every line, and a `String` made and hashed for
/// each was most of reading a labelled capture (issue 26). Only names that stand for a
/// value are kept; the others are looked up again, and refused again, each time.
///
/// A class holding its entries through pointers, so that a line's look-ups need neither
/// the exclusive access a stored `var` is checked for at run time (as a struct in a stored
/// property, passed `inout`, the checks were some 7 % of reading a labelled capture) nor a
/// retain of an array.
final class GeteventLabelCache {
    private struct Entry {
        /// The name's bytes, zero-padded.
        var words: (UInt64, UInt64, UInt64)
        var count: Int
        var table: GeteventLabels.Table
        var value: Int
    }

    /// Names kept at most: a capture naming more (a hostile one) looks the rest up each time.
    static let capacity = 64
    /// The longest name kept, in bytes (three words; getevent's columns are 12 and 20 wide).
    static let longestKept = 24

    private let entries = UnsafeMutablePointer<Entry>.allocate(capacity: GeteventLabelCache.capacity)
    private let kept = UnsafeMutablePointer<Int>.allocate(capacity: 1)

    init() { kept.initialize(to: 0) }

    deinit {
        entries.deallocate()
        kept.deallocate()
    }

    /// What ``GeteventLabels/value(of:in:width:)`` says of the ASCII name `name`, when it is
    /// a value; `nil` for an unknown or ambiguous name.
    func value(of name: UnsafeBufferPointer<UInt8>, in table: GeteventLabels.Table, width: Int) -> Int? {
        let count = name.count
        guard count <= Self.longestKept else { return Self.lookUp(name, in: table, width: width) }
        /// The name's bytes `8k ..< 8k + 8`, zero past its end.
        @inline(__always) func word(_ k: Int) -> UInt64 {
            let from = k &* 8
            guard from < count else { return 0 }
            if from &+ 8 <= count { return UInt64(littleEndian: UnsafeRawPointer(name.baseAddress! + from).loadUnaligned(as: UInt64.self)) }
            var word: UInt64 = 0
            for j in (from..<count).reversed() { word = word &<< 8 | UInt64(name[j]) }
            return word
        }
        let words = (word(0), word(1), word(2))
        let n = kept.pointee
        for k in 0..<n {
            let entry = entries[k]
            if entry.words == words, entry.count == count, entry.table == table { return entry.value }
        }
        guard let value = Self.lookUp(name, in: table, width: width) else { return nil }
        if n < Self.capacity {
            (entries + n).initialize(to: Entry(words: words, count: count, table: table, value: value))
            kept.pointee = n &+ 1
        }
        return value
    }

    private static func lookUp(_ name: UnsafeBufferPointer<UInt8>, in table: GeteventLabels.Table, width: Int) -> Int? {
        guard case .value(let value) = GeteventLabels.value(of: String(decoding: name, as: UTF8.self)[...], in: table, width: width)
        else { return nil }
        return value
    }
}
