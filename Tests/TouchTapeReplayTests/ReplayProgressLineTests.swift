import Testing
@testable import TouchTapeReplay

private func at(_ files: Int, of total: Int, tracks: Int) -> ReplayProgress {
    ReplayProgress(filesDone: files, filesTotal: total, tracksDone: tracks)
}

@Test func aRunShorterThanTheDelayShowsNothing() {
    var line = ReplayProgressLine(start: 100)
    #expect(line.update(at(1, of: 3, tracks: 2), now: 100.5) == nil)
    #expect(line.update(at(3, of: 3, tracks: 6), now: 100.9) == nil)
    #expect(line.finish() == nil, "nothing to erase")
}

@Test func aLongRunShowsFilesTracksRateAndTimeLeftRedrawnInPlace() {
    var line = ReplayProgressLine(start: 0)
    let first = line.update(at(10, of: 40, tracks: 25), now: 2)
    #expect(first == "\r\u{1B}[Kreplay: 10/40 files, 25 tracks, 12.5 tracks/s, about 6 s left")
    #expect(line.update(at(11, of: 40, tracks: 27), now: 2.1) == nil, "at most one redraw per interval")
    let later = line.update(at(30, of: 40, tracks: 70), now: 6)
    #expect(later == "\r\u{1B}[Kreplay: 30/40 files, 70 tracks, 11.7 tracks/s, about 2 s left")
    #expect(line.update(at(40, of: 40, tracks: 90), now: 6.05)?.hasSuffix("40/40 files, 90 tracks, 14.9 tracks/s") == true,
            "the last file is always drawn")
    #expect(line.finish() == "\r\u{1B}[K", "the line is erased before the report")
}

@Test func timeLeftReadsInMinutesAndHours() {
    #expect(ReplayProgressLine.duration(0.2) == "1 s")
    #expect(ReplayProgressLine.duration(185) == "3 min 5 s")
    #expect(ReplayProgressLine.duration(7800) == "2 h 10 min")
    #expect(ReplayProgressLine.text(at(0, of: 5, tracks: 0), elapsed: 1.5) == "replay: 0/5 files, 0 tracks, 0.0 tracks/s")
}
