@_spi(Pipeline) import TouchTapeEvents
/// Where JSON is written as it is made, a value at a time: a ``JSONValue`` tree
/// (``JSONTreeBuilder``) or its pretty-printed bytes (``JSONTextWriter``). A report row is
/// described once, generic over the output: the streamed report writes its bytes straight
/// away (a tree per row, rendered and freed, was a third of a probed JSON replay, issue 26),
/// and `touchtape live` and the collected document take the tree.
///
/// The calls nest as JSON does: ``beginObject()`` … ``end()``, a ``key(_:)`` before each
/// member's value, ``beginArray()`` … ``end()`` with the elements' values in between.
package protocol JSONOutput {
    mutating func null()
    mutating func bool(_ value: Bool)
    mutating func integer(_ value: Int)
    mutating func number(_ value: Double)
    mutating func string(_ value: String)
    /// A string from its UTF-8 bytes (a check's detail, an explanation).
    mutating func string(_ words: Words)
    /// A whole tree at once (the settings, already a ``JSONValue``).
    mutating func value(_ value: JSONValue)
    /// The next member's key, inside an object.
    mutating func key(_ name: String)
    /// The same for a key the code spells (plain ASCII, nothing to escape): written as it
    /// is (keys quoted and checked for escapes one by one were a twentieth of a probed
    /// replay, issue 26).
    mutating func key(_ name: StaticString)
    mutating func beginObject()
    mutating func beginArray()
    /// Closes the innermost object or array.
    mutating func end()
}

extension JSONOutput {
    package mutating func key(_ name: StaticString) {
        key(name.description)
    }

    package mutating func string(_ words: Words) {
        string(words.text)
    }

    /// `"name": "words"`.
    package mutating func member(_ name: StaticString, words: Words) {
        key(name)
        string(words)
    }

    /// `"name": ` and then what `body` writes.
    package mutating func member(_ name: StaticString, _ body: (inout Self) -> Void) {
        key(name)
        body(&self)
    }

    /// `"name": "text"`.
    package mutating func member(_ name: StaticString, string text: String) {
        key(name)
        string(text)
    }

    /// `"name": number` (or `null`).
    package mutating func member(_ name: StaticString, number: Double?) {
        key(name)
        if let number { self.number(number) } else { null() }
    }

    /// An object whose members `body` writes.
    package mutating func object(_ body: (inout Self) -> Void) {
        beginObject()
        body(&self)
        end()
    }

    /// An array whose elements `body` writes.
    package mutating func array(_ body: (inout Self) -> Void) {
        beginArray()
        body(&self)
        end()
    }

    package mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let b): bool(b)
        case .integer(let i): integer(i)
        case .number(let d): number(d)
        case .string(let s): string(s)
        case .array(let items):
            beginArray()
            for item in items { self.value(item) }
            end()
        case .object(let members):
            beginObject()
            for (name, item) in members {
                key(name)
                self.value(item)
            }
            end()
        }
    }
}

/// Builds the ``JSONValue`` the calls describe.
package struct JSONTreeBuilder: JSONOutput {
    private struct Open {
        var isObject: Bool
        var key: String?
        var items: [JSONValue] = []
        var members: [(String, JSONValue)] = []
    }
    private var open: [Open] = []
    private var pendingKey: String?
    /// The value, once the outermost one is closed (or a lone scalar written).
    package private(set) var result: JSONValue?

    package init() {}

    package mutating func null() { add(.null) }
    package mutating func bool(_ value: Bool) { add(.bool(value)) }
    package mutating func integer(_ value: Int) { add(.integer(value)) }
    package mutating func number(_ value: Double) { add(.number(value)) }
    package mutating func string(_ value: String) { add(.string(value)) }
    package mutating func value(_ value: JSONValue) { add(value) }
    package mutating func key(_ name: String) { pendingKey = name }

    package mutating func beginObject() {
        open.append(Open(isObject: true, key: pendingKey))
        pendingKey = nil
    }

    package mutating func beginArray() {
        open.append(Open(isObject: false, key: pendingKey))
        pendingKey = nil
    }

    package mutating func end() {
        guard let closed = open.popLast() else { return }
        pendingKey = closed.key
        add(closed.isObject ? .object(closed.members) : .array(closed.items))
    }

    private mutating func add(_ value: JSONValue) {
        guard !open.isEmpty else { result = value; return }
        if open[open.count - 1].isObject {
            open[open.count - 1].members.append((pendingKey ?? "", value))
        } else {
            open[open.count - 1].items.append(value)
        }
        pendingKey = nil
    }
}

/// Writes the calls pretty-printed into ``bytes``: two-space indentation from `indent`, a
/// member or element a line, `{}` and `[]` when empty. The one layout of the project's JSON:
/// ``JSONValue/rendered(indent:)`` is this writer's text of its tree.
///
/// The punctuation, keys and plain strings go first into a few hundred bytes kept in the
/// writer itself, appended to ``bytes`` when full and by ``write(into:indent:_:)`` at the
/// end: appended to the array piece by piece (a comma, a newline and its padding, a key),
/// each piece's append cost more than its bytes, a third of a probed replay's JSON (issue 26).
package struct JSONTextWriter: JSONOutput {
    /// The UTF-8 text so far, up to the bytes still ``pending``.
    private var bytes: [UInt8]
    /// Bytes written and not yet appended to ``bytes``: the first ``pendingCount``.
    private var pending = Pending()
    private var pendingCount = 0
    private let indent: Int
    /// The innermost open container: whether it is an array and how many values it has so
    /// far (`depth` 0: none open). The outer ones wait in ``outer``: kept apart so that a
    /// value's separator reads and counts plain numbers (with two arrays changed for every
    /// value, a probed replay's JSON took 1.4 M more of its 36 M instructions, issue 26).
    private var isArray = false
    private var count = 0
    private var depth = 0
    /// The outer open containers, outermost first: `count << 1 | isArray`.
    private var outer: [Int] = []

    /// Room for ``pending``: 512 bytes in the writer's own storage.
    private struct Pending {
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
            = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
               0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        static let capacity = 512
    }

    private init(indent: Int, bytes: [UInt8]) {
        self.indent = indent
        self.bytes = bytes
        outer.reserveCapacity(8)
    }

    /// What `body` writes, its outermost value at `indent` (its closing bracket padded so),
    /// appended to `out`.
    package static func write(into out: inout [UInt8], indent: Int = 0, _ body: (inout JSONTextWriter) -> Void) {
        var writer = JSONTextWriter(indent: indent, bytes: [])
        swap(&writer.bytes, &out)   // written in place, not copied
        body(&writer)
        writer.flush()
        swap(&writer.bytes, &out)
    }

    package mutating func null() { beforeValue(); put("null") }
    package mutating func bool(_ value: Bool) { beforeValue(); put(value ? "true" : "false") }
    package mutating func integer(_ value: Int) {
        beforeValue()
        flush()
        JSONValue.digits(Int64(value), into: &bytes)
    }
    package mutating func number(_ value: Double) {
        beforeValue()
        flush()
        JSONValue.number(value, into: &bytes)
    }
    package mutating func string(_ value: String) {
        beforeValue()
        quoted(value)
    }
    package mutating func string(_ words: Words) {
        beforeValue()
        if !words.bytes.withUnsafeBufferPointer({ putQuotedIfPlain($0) }) {
            flush()
            JSONValue.quote(words, into: &bytes)
        }
    }

    package mutating func key(_ name: String) {
        separate()
        quoted(name)
        put(": ")
    }

    package mutating func key(_ name: StaticString) {
        separate()
        put(UInt8(ascii: "\""))
        put(UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        put("\": ")
    }

    package mutating func beginObject() { beforeValue(); open(array: false) }
    package mutating func beginArray() { beforeValue(); open(array: true) }

    package mutating func end() {
        guard depth > 0 else { return }
        let (array, values) = (isArray, count)
        depth -= 1
        if let saved = outer.popLast() {
            (isArray, count) = (saved & 1 == 1, saved >> 1)
        }
        if values == 0 {
            put(array ? "[]" : "{}")
            return
        }
        newLine(depth: indent + depth)
        put(array ? UInt8(ascii: "]") : UInt8(ascii: "}"))
    }

    private mutating func open(array: Bool) {
        if depth > 0 { outer.append(count << 1 | (isArray ? 1 : 0)) }
        depth += 1
        (isArray, count) = (array, 0)
    }

    /// An array's element starts its line; an object's member did so at its key.
    private mutating func beforeValue() {
        if depth > 0, isArray { separate() }
    }

    /// The bracket (first value) or the comma, a new line and the padding.
    private mutating func separate() {
        guard depth > 0 else { return }
        put(count == 0 ? (isArray ? UInt8(ascii: "[") : UInt8(ascii: "{")) : UInt8(ascii: ","))
        count += 1
        newLine(depth: indent + depth)
    }

    /// A newline and then two spaces a level, padding up to 30 levels, as one piece.
    private static let newLineAndPadding: StaticString = "\n                                                            "

    /// A newline and the padding of `depth`.
    private mutating func newLine(depth: Int) {
        let text = Self.newLineAndPadding
        let count = 1 + 2 * depth
        guard count <= text.utf8CodeUnitCount else {
            flush()
            bytes.append(0x0A)
            JSONValue.pad(&bytes, depth)
            return
        }
        put(UnsafeRawBufferPointer(start: text.utf8Start, count: count))
    }

    /// `text` quoted: as it is when nothing in it is escaped (most keys and values), else
    /// through ``JSONValue/quote(_:into:)``.
    private mutating func quoted(_ text: String) {
        var text = text
        if !text.withUTF8({ putQuotedIfPlain($0) }) {
            flush()
            JSONValue.quote(text, into: &bytes)
        }
    }

    /// `utf8` between quotes when nothing in it is escaped; `false` (nothing written) otherwise.
    private mutating func putQuotedIfPlain(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard JSONValue.isPlain(utf8) else { return false }
        put(UInt8(ascii: "\""))
        put(UnsafeRawBufferPointer(utf8))
        put(UInt8(ascii: "\""))
        return true
    }

    // MARK: The pending bytes

    /// ``pending`` appended to ``bytes``.
    private mutating func flush() {
        guard pendingCount > 0 else { return }
        let count = pendingCount
        withUnsafeBytes(of: &pending.words) { bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        pendingCount = 0
    }

    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        if pendingCount == Pending.capacity { flush() }
        let at = pendingCount
        withUnsafeMutableBytes(of: &pending.words) { $0[at] = byte }
        pendingCount = at &+ 1
    }

    @inline(__always)
    private mutating func put(_ text: StaticString) {
        put(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    private mutating func put(_ source: UnsafeRawBufferPointer) {
        let n = source.count
        if Pending.capacity &- pendingCount < n {
            flush()
            guard n <= Pending.capacity else {
                bytes.append(contentsOf: source)
                return
            }
        }
        guard let from = source.baseAddress, n > 0 else { return }
        let at = pendingCount
        withUnsafeMutableBytes(of: &pending.words) { Self.copy(from, to: $0.baseAddress! + at, n) }
        pendingCount = at &+ n
    }

    /// `n` bytes copied: up to 16 (a comma and a line's padding, a key) as two words that may
    /// overlap, which a `memcpy` call cost several times over; more by `memcpy`.
    @inline(__always)
    private static func copy(_ from: UnsafeRawPointer, to: UnsafeMutableRawPointer, _ n: Int) {
        if n >= 8, n <= 16 {
            let head = from.loadUnaligned(as: UInt64.self), tail = from.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: n &- 8, as: UInt64.self)
        } else if n >= 4, n < 8 {
            let head = from.loadUnaligned(as: UInt32.self), tail = from.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: n &- 4, as: UInt32.self)
        } else if n < 4 {
            for k in 0..<n { to.storeBytes(of: from.load(fromByteOffset: k, as: UInt8.self), toByteOffset: k, as: UInt8.self) }
        } else {
            to.copyMemory(from: from, byteCount: n)
        }
    }
}
