import Foundation
#if canImport(Glibc)
import Glibc
#endif

// Foundation's `readDataToEndOfFile()` and `availableData` use `try!` around read(2): a
// signal caught by the test process while it waits (SIGCHLD of one of the many processes
// the suites spawn in parallel) makes the read fail with EINTR and the whole test process
// crash. These read the same way with EINTR retried.
extension FileHandle {
    /// Everything until end of file (the writer closed it).
    package func readToEndRetryingInterrupts() -> Data {
        var data = Data()
        while true {
            let chunk = readSomeRetryingInterrupts()
            if chunk.isEmpty { return data }
            data.append(chunk)
        }
    }

    /// What is there, waiting for at least one byte; empty at end of file.
    package func readSomeRetryingInterrupts() -> Data {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = Glibc.read(fileDescriptor, &buffer, buffer.count)
            if count >= 0 { return Data(buffer[0..<count]) }
            if errno == EINTR || errno == EAGAIN { continue }
            return Data()
        }
    }
}
