import Dispatch
import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeFormats

/// The byte-level event lines against the `String` code they replaced (kept here as the
/// reference, ``StringEventLines``): the same bytes for every conversion and every kind of
/// event, including codes and types outside ``EventCommentTable``.
@Suite struct ByteWriterTests {
    static let signed: [Int64] = [0, 1, -1, 9, 10, -10, 99, 999, 1000, -999, 1234, 99_999, 123_456, 9_999_999, 10_000_000,
                                  -10_000_000, Int64(Int32.max), Int64(Int32.min), Int64.max, Int64.min + 1]
    static let unsigned: [UInt64] = [0, 1, 9, 10, 15, 16, 255, 256, 4095, 4096, 65535, 65536, 999_999, 1_000_000,
                                     EventTime.maximumSeconds, UInt64(UInt32.max), UInt64.max]

    static func written(_ body: (inout ByteWriter) -> Void) -> String {
        var bytes: [UInt8] = []
        ByteWriter.lines(into: &bytes, count: 1) { _, writer in body(&writer) }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func conversionsEqualCFormat() {
        for value in Self.signed {
            #expect(Self.written { $0.decimal(value) } == String(value))
            for width in [0, 3, 4, 6, 7] {
                #expect(Self.written { $0.zeroPadded(value, width: width) } == CFormat.zeroPadded(value, width: width), "\(value) \(width)")
                #expect(Self.written { $0.rightAligned(value, width: width) } == CFormat.right(String(value), width: width), "\(value) \(width)")
            }
        }
        for value in Self.unsigned {
            #expect(Self.written { $0.decimal(value) } == String(value))
            for width in [0, 2, 3, 4, 6] {
                #expect(Self.written { $0.rightAligned(value, width: width) } == CFormat.right(String(value), width: width))
                #expect(Self.written { $0.hex(value, width: width) } == CFormat.hex(value, width: width), "\(value) \(width)")
            }
        }
    }

    /// The fixed-width fields of an evemu event line (issue 26) against the general conversions.
    @Test func evemuFieldsEqualCFormat() {
        for value in [0, 1, 9, 10, 15, 16, 0xa, 0x9f, 0xfa, 0x100, 0x1234, 0xabcd, 0xf0f0, 0xffff] as [UInt16] {
            #expect(Self.written { $0.hex4(value) } == CFormat.hex(value, width: 4), "\(value)")
        }
        for value in 0...UInt16.max where value % 7 == 0 || value < 300 {
            #expect(Self.written { $0.hex4(value) } == CFormat.hex(value, width: 4))
        }
        for value in [0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 99_999, 100_000, 123_456, 999_999, 1_000_000, UInt32.max] as [UInt32] {
            #expect(Self.written { $0.sixDigits(value) } == CFormat.zeroPadded(Int64(value), width: 6), "\(value)")
        }
        for value in [0, 1, -1, 9, 10, 99, 100, 999, 1000, 9999, 10000, -9999, 123_456, Int32.max, Int32.min] as [Int32] {
            #expect(Self.written { $0.fourDigits(value) } == CFormat.zeroPadded(Int64(value), width: 4), "\(value)")
        }
    }

    /// A formatter keeps its scratch bytes between calls (issue 26); a copy shares them
    /// until it writes, and then gets its own.
    @Test func aCopiedScratchGetsBytesOfItsOwnWhenItWrites() {
        var a = ByteWriter.Scratch()
        let first = a.bytes().baseAddress
        #expect(a.bytes().baseAddress == first, "kept between calls")
        var b = a
        let second = b.bytes().baseAddress
        #expect(second != first)
        #expect(a.bytes().baseAddress == first)
        #expect(b.bytes().baseAddress == second)
    }

    /// Copies of one formatter writing at the same time on two threads, each its own events
    /// (the second's values shifted) in pieces, each give the text a fresh formatter gives
    /// for the same pieces on its own: their scratch bytes are not shared.
    @Test func copiesOfAFormatterWriteApartOnTwoThreads() {
        let inputs = [Self.events, Self.events.map { InputEvent(time: $0.time, type: $0.type, code: $0.code, value: $0.value &+ 7) }]
        let pieces = inputs.map { events in stride(from: 0, to: events.count, by: 37).map { events[$0..<min($0 + 37, events.count)] } }
        let expected = pieces.map { pieces in
            var fresh = LibinputRecordFormatter(description: EvemuFormatterTests.description, metadata: RecordingMetadata())
            var bytes: [UInt8] = []
            for piece in pieces { fresh.append(piece, to: &bytes) }
            return bytes
        }
        var original = LibinputRecordFormatter(description: EvemuFormatterTests.description, metadata: RecordingMetadata())
        var warm: [UInt8] = []
        original.append(Self.events.prefix(0), to: &warm)   // the original's scratch made before the copies
        let copy = original
        // Two threads at once (`concurrentPerform` runs its iterations in parallel), each
        // writing into its own slot.
        let texts = UnsafeMutableBufferPointer<[UInt8]>.allocate(capacity: 2)
        texts.initialize(repeating: [])
        defer { texts.deinitialize().deallocate() }
        nonisolated(unsafe) let slots = texts
        DispatchQueue.concurrentPerform(iterations: 2) { slot in
            var formatter = copy
            var bytes: [UInt8] = []
            for piece in pieces[slot] { formatter.append(piece, to: &bytes) }
            slots[slot] = bytes
        }
        // Compared first: a failed expectation on the arrays themselves would print both.
        let same = [texts[0] == expected[0], texts[1] == expected[1]]
        #expect(same == [true, true])
    }

    @Test func everyTableEntryIsTheTextFromEventCodes() {
        for type in 0..<UInt16(EventCommentTable.typeCount) {
            for code in 0...EventType(rawValue: type).maxCode {
                let text = Self.written { #expect(EventCommentTable.shared.write(type: type, code: code, to: &$0)) }
                #expect(text == EventCommentTable.text(type: type, code: code))
            }
        }
        _ = Self.written { #expect(!EventCommentTable.shared.write(type: 3, code: 0x40, to: &$0)) }
        _ = Self.written { #expect(!EventCommentTable.shared.write(type: 0x20, code: 0, to: &$0)) }
    }

    /// Known and unknown codes and types, SYN_MT_REPORT and SYN_DROPPED, negative values,
    /// times far apart and going backwards (a negative `+Nms`), enough lines for several batches.
    static var events: [InputEvent] {
        var events: [InputEvent] = []
        let times = [EventTime(seconds: 0, microseconds: 1), EventTime(seconds: 5, microseconds: 999_999),
                     EventTime(seconds: 3, microseconds: 0), EventTime(seconds: EventTime.maximumSeconds, microseconds: 123_456)]
        let kinds: [(UInt16, UInt16)] = [(3, 0x35), (3, 0x39), (3, 0x3f), (3, 0x40), (1, 0x14a), (1, 0x2ff), (1, 0x300), (4, 5),
                                         (0x16, 0), (0x16, 7), (0x17, 0), (0x20, 1), (0xffff, 0xffff), (0, 2), (0, 3), (0, 1), (0, 0x10), (0, 0)]
        for (i, value) in Self.signed.map({ Int32(clamping: $0) }).enumerated() {
            for (type, code) in kinds {
                events.append(InputEvent(time: times[(i + Int(code)) % times.count], type: type, code: code, value: value))
            }
        }
        for _ in 0..<8 { events += events }   // > ByteWriter.batchSize
        return events
    }

    @Test func evemuLinesEqualTheStringFormatter() {
        var formatter = EvemuFormatter(description: EvemuFormatterTests.description, metadata: RecordingMetadata())
        var reference = StringEventLines()
        let events = Self.events
        #expect(formatter.format(events) == reference.evemu(events))
        #expect(formatter.format(events[5..<17]) == reference.evemu(events[5..<17]))   // not contiguous from 0: a slice
    }

    @Test func libinputRowsEqualTheStringFormatter() {
        var formatter = LibinputRecordFormatter(description: EvemuFormatterTests.description, metadata: RecordingMetadata())
        var reference = StringEventLines()
        let events = Self.events
        #expect(formatter.format(events) == reference.libinput(events))
        #expect(formatter.format(events.lazy.filter { $0.type != 4 }) == reference.libinput(events.filter { $0.type != 4 }))
    }
}

/// The event lines as the formatters wrote them with `String`s before they wrote bytes.
struct StringEventLines {
    private var previousSyn: EventTime?

    mutating func comment(_ event: InputEvent) -> String {
        let codeName = EventCodes.codeName(type: event.type, code: event.code)
        guard event.type == EventType.syn.rawValue else {
            return "\(EventCodes.typeName(event.type)) / \(CFormat.left(codeName, width: 20)) \(event.value)"
        }
        if event.code == EventCodes.SYN_MT_REPORT {
            return "++++++++++++ \(codeName) (\(event.value)) ++++++++++"
        }
        let milliseconds = previousSyn.map { event.time.microseconds(since: $0) / 1000 } ?? 0
        previousSyn = event.time
        return "------------ \(codeName) (\(event.value)) ---------- \(milliseconds >= 0 ? "+" : "")\(milliseconds)ms"
    }

    mutating func evemu(_ events: some Collection<InputEvent>) -> String {
        var text = ""
        for event in events {
            text += "E: \(event.time.seconds).\(CFormat.zeroPadded(event.time.microseconds, width: 6)) "
            text += CFormat.hex(event.type, width: 4) + " " + CFormat.hex(event.code, width: 4) + " "
            text += CFormat.zeroPadded(event.value, width: 4) + "\t# " + comment(event) + "\n"
        }
        return text
    }

    mutating func libinput(_ events: some Collection<InputEvent>) -> String {
        var text = ""
        var frameOpen = false
        for event in events {
            if !frameOpen {
                text += "  - evdev:\n"
                frameOpen = true
            }
            text += "    - [" + CFormat.right(String(event.time.seconds), width: 3) + ", "
            text += CFormat.right(String(event.time.microseconds), width: 6) + ", "
            text += CFormat.right(String(event.type), width: 3) + ", "
            text += CFormat.right(String(event.code), width: 3) + ", "
            text += CFormat.right(String(event.value), width: 7) + "] # " + comment(event) + "\n"
            if event.isSynReport { frameOpen = false }
        }
        return text
    }
}
