import TouchTapeFuzzing
import TouchTapeFormats

#if TOUCHTAPE_FUZZING
#if canImport(Glibc)
import Glibc
#endif

/// The target this libFuzzer process runs, from `TOUCHTAPE_FUZZ_TARGET` (set by `tools/fuzz`).
/// Read once: libFuzzer calls the entry point millions of times.
private let target: FuzzTarget = {
    let name = getenv("TOUCHTAPE_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        fatalError("set TOUCHTAPE_FUZZ_TARGET to one of: \(names) (got '\(name)')")
    }
    return target
}()

/// libFuzzer's entry point. Built only with `-D TOUCHTAPE_FUZZING -sanitize=fuzzer,address`
/// (`tools/fuzz`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    target.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

/// SwiftPM links an executable's `main` to the module's own entry point, so libFuzzer's
/// `main` is not the one that runs; this one hands over to libFuzzer's driver, found with
/// `dlsym` so the call goes through the C calling convention.
@main
struct FuzzMain {
    typealias Driver = @convention(c) (
        UnsafeMutablePointer<CInt>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
    ) -> CInt

    static func main() {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "LLVMFuzzerRunDriver") else {
            fatalError("LLVMFuzzerRunDriver not found: build with -sanitize=fuzzer (tools/fuzz)")
        }
        let driver = unsafeBitCast(symbol, to: Driver.self)
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(driver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
    }
}
#else
#if canImport(Glibc)
import Glibc
#endif

/// Without the fuzzer (an ordinary `swift build`): replays saved inputs, so a crash
/// file can be run under a debugger or without sanitizers.
///
///     touchtape-fuzz TARGET FILE...
///     touchtape-fuzz --encode-events RECORDING OUT   (a `frames` seed from a recording)
@main
struct FuzzReplay {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--encode-events", arguments.count == 3 {
            encode(recordingPath: arguments[1], output: arguments[2])
            return
        }
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            complain("usage: touchtape-fuzz \(names) FILE...\n       touchtape-fuzz --encode-events RECORDING OUT\n")
            exit(2)
        }
        for path in arguments.dropFirst() {
            guard let bytes = readAll(path) else { complain("cannot read \(path)\n"); exit(3) }
            bytes.withUnsafeBytes { target.run($0) }
            print("ok \(path)")
        }
    }

    static func encode(recordingPath: String, output: String) {
        do {
            let recording = try RecordingReader.read(path: recordingPath)
            let bytes = FuzzEventStream.encode(events: recording.events, like: recording.description)
            guard let file = fopen(output, "wb") else { complain("cannot write \(output)\n"); exit(3) }
            fwrite(bytes, 1, bytes.count, file)
            fclose(file)
        } catch {
            complain("\(error)\n")
            exit(2)
        }
    }

    /// Writes to standard error (fd 2 directly: the C `stderr` global is not concurrency-safe).
    static func complain(_ message: String) {
        var text = message
        text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }

    static func readAll(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n > 0 { bytes += chunk[..<n] }
            if n < chunk.count { return ferror(file) == 0 ? bytes : nil }
        }
    }
}
#endif
