// What `import TouchTape` brings, listed: the contract an app's controller conforms to (all
// of TouchTapeContract), and from the pipeline only what a test of that controller reads —
// results, reports, filters, located errors. Everything else in the pipeline modules is
// `package`: the command-line tool and the live view use it, an app does not. Adding a name
// here adds to the public surface `PublicSurfaceTests` counts.
@_exported import TouchTapeContract
@_exported import enum TouchTapeEvents.ExpectedOutcome
@_exported import struct TouchTapeFormats.RecordingError
@_exported import enum TouchTapeDismissal.DismissalProfile
@_exported import struct TouchTapeReplay.ReplayReport
@_exported import enum TouchTapeReplay.ReportFormat
@_exported import struct TouchTapeReplay.ReplayedTrack
@_exported import struct TouchTapeReplay.Transcript
@_exported import struct TouchTapeReplay.TrackFilter
@_exported import struct TouchTapeReplay.UnreadableFile
@_exported import struct TouchTapeDismissal.DismissalController
