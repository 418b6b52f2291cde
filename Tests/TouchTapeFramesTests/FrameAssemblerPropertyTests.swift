import PropertyBased
import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeTestSupport
@testable import TouchTapeFrames

/// For random valid protocol-B streams (``RandomTouchStream``): frames lose and reorder
/// no event, and each frame holds exactly the contacts the stream put down.
@Suite struct FrameAssemblerPropertyTests {
    static let streams = Gen<UInt32>.value().array(of: 0...80).map { RandomTouchStream(steps: $0) }
    static let device = TestDevices.touchscreenB
    static var units: MillimetreConversion { MillimetreConversion(description: device) }

    @Test func framesCoverTheStreamInOrder() async {
        await propertyCheck(count: 300, input: Self.streams) { stream in
            let frames = FrameAssembler.frames(from: stream.events, description: Self.device, units: Self.units)
            #expect(frames.count == stream.events.filter(\.isSynReport).count)
            #expect(frames.map(\.index) == Array(frames.indices))
            // Consecutive ranges from 0 to the end: every event in exactly one frame, in order.
            var next = 0
            for frame in frames {
                #expect(frame.eventRange.lowerBound == next)
                #expect(stream.events[frame.eventRange.upperBound - 1].isSynReport)
                next = frame.eventRange.upperBound
            }
            #expect(next == stream.events.count)
            #expect(frames.flatMap { stream.events[$0.eventRange] } == stream.events)
        }
    }

    @Test func framesHoldExactlyTheContactsDown() async {
        await propertyCheck(count: 300, input: Self.streams) { stream in
            let frames = FrameAssembler.frames(from: stream.events, description: Self.device, units: Self.units)
            let seen = frames.map { $0.contacts.sorted { $0.id < $1.id }.map { RandomTouchStream.Contact(id: $0.id, x: $0.rawX, y: $0.rawY) } }
            #expect(seen == stream.expectedFrames)
            for frame in frames {
                #expect(frame.fingerCount == frame.contacts.count)
                for contact in frame.contacts {
                    // touchscreenB: 10 units/mm, minimum 0.
                    #expect(contact.position == Vector2(x: Double(contact.rawX) / 10, y: Double(contact.rawY) / 10))
                }
            }
        }
    }
}
