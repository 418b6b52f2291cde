import PropertyBased
import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames
import TouchTapeTestSupport
@testable import TouchTapeTracks

/// For random valid streams: splitting into tracks and joining the tracks with the
/// events between them gives the stream back, no touching frame falls outside a track,
/// and each track replayed alone gives the frames the whole stream gives.
@Suite struct TrackSplitterPropertyTests {
    static let streams = zip(Gen<UInt32>.value().array(of: 0...80), Gen.bool).map {
        RandomTouchStream(steps: $0, liftAtEnd: $1)
    }
    static let device = TestDevices.touchscreenB
    static var units: MillimetreConversion { MillimetreConversion(description: device) }

    @Test func tracksSplitAndJoinedGiveBackTheStream() async {
        await propertyCheck(count: 300, input: Self.streams) { stream in
            let tracks = TrackSplitter.tracks(from: stream.events, description: Self.device, units: Self.units)
            var joined: [InputEvent] = []
            var next = 0
            for (k, track) in tracks.enumerated() {
                #expect(track.number == k + 1)
                #expect(track.sourceEventRange.lowerBound >= next)
                #expect(track.events == Array(stream.events[track.sourceEventRange]))
                joined += stream.events[next..<track.sourceEventRange.lowerBound]   // between tracks
                joined += track.events
                next = track.sourceEventRange.upperBound
            }
            joined += stream.events[next...]
            #expect(joined == stream.events)
        }
    }

    @Test func everyTouchIsInATrackAndTracksReplayAlone() async {
        await propertyCheck(count: 300, input: Self.streams) { stream in
            let frames = FrameAssembler.frames(from: stream.events, description: Self.device, units: Self.units)
            let tracks = TrackSplitter.tracks(from: stream.events, description: Self.device, units: Self.units)
            for frame in frames where frame.hasTouch {
                #expect(tracks.contains { $0.sourceFrameRange.contains(frame.index) }, "frame \(frame.index) has a touch but no track")
            }
            for track in tracks {
                #expect(track.frames(units: Self.units) == Array(frames[track.sourceFrameRange]))
                #expect(track.maxFingers == frames[track.sourceFrameRange].map(\.fingerCount).max())
            }
        }
    }
}
