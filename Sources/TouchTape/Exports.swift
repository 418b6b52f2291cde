// The one import a test needs: `import TouchTape` brings the whole replay API — recordings,
// tracks, pan gestures, the dismissal contract, checks and reports — and nothing that needs
// libevdev (TouchTapeDevice stays out of this product).
@_exported import TouchTapeEvents
@_exported import TouchTapeFormats
@_exported import TouchTapeFrames
@_exported import TouchTapeTracks
@_exported import TouchTapePan
@_exported import TouchTapeDismissal
@_exported import TouchTapeReplay
