import Testing
import TouchTapeDismissal
import TouchTapeFrames
import TouchTapePan
import TouchTapeReplay

/// A value other than the default for every row of the settings table, as a user types it.
let typedSampleOfEverySetting: [SessionSetting: String] = [
    .profile: "easytransitions", .threshold: "0.45", .flickVelocity: "750", .flick: "false", .edge: "left",
    .distance: "640", .scale: "5.5", .resolutionFallback: "7.68/mm", .velocity: "impulse", .slop: "4",
    .beganTranslation: "slop", .deviceSize: "276x155mm",
]

@Test func everyRowOfTheSettingsTableHasASample() {
    #expect(Set(typedSampleOfEverySetting.keys) == Set(SessionSetting.allCases))
}

/// The one reading: text set through the table reads back as the same text, lands in the
/// settings the run uses, and the reproduce-line, touchtape.yml and the overlay agree on it.
@Test(arguments: SessionSetting.allCases)
func aSettingRoundTripsThroughEveryPlaceThatSpellsIt(setting: SessionSetting) throws {
    let text = try #require(typedSampleOfEverySetting[setting])
    var settings = SessionSettings()
    try setting.set(text, in: &settings, option: "--\(setting.key)")
    #expect(setting.typed(in: settings) == text)
    #expect(settings != SessionSettings(), "\(setting.key) \(text) changes nothing")

    // The reproduce-line, read back option by option through the table.
    var arguments = settings.replayArguments[...]
    var fromArguments = SessionSettings()
    while let option = arguments.popFirst() {
        if option == "--no-flick" { fromArguments.flickEnabled = false; continue }
        let key = String(option.dropFirst(2))
        let row = try #require(SessionSetting(rawValue: key), "\(option) is not a row of the table")
        let value = arguments.popFirst()
        try row.set(try #require(value), in: &fromArguments, option: option)
    }
    #expect(fromArguments == settings)

    // touchtape.yml under the same key.
    let file = try ProjectConfiguration.parse("\(setting.key): \(text)\n", file: "/p/touchtape.yml")
    #expect(file.settings == settings)
    #expect(ProjectConfiguration.keys.contains(setting.key))

    // The overlay carries it over a file that says otherwise.
    let overlaid = SessionSettings(profile: .photozoom, threshold: 0.1, flickEnabled: true, edge: .top)
        .overlaid(by: settings, profileSet: setting == .profile, flickSet: setting == .flick)
    #expect(setting.typed(in: overlaid) == text)

    // The header names every override but the profile (named apart).
    #expect(settings.overrideDescriptions.count == (setting == .profile ? 0 : 1))
    // And the run's configuration accepts it.
    _ = try settings.configuration()
}

@Test(arguments: SessionSetting.allCases)
func aBadValueIsRefusedNamingTheOptionAsTyped(setting: SessionSetting) {
    var settings = SessionSettings()
    #expect {
        try setting.set("bogus", in: &settings, option: "\(setting.key):")
    } throws: { error in
        let refusal = error as? OptionValueError
        return refusal?.option == "\(setting.key):" && refusal?.value == "bogus"
    }
    #expect(settings == SessionSettings())
}

/// The report's JSON keys are the table's, and every user's setting is listed there
/// (flicks through `flickVelocity`, null when off; the began translation and the device
/// size only when they are not the default, so they are set here).
@Test func theReportsSettingsUseTheTablesJSONKeys() throws {
    var settings = SessionSettings()
    try SessionSetting.beganTranslation.set("slop", in: &settings, option: "--began-translation")
    try SessionSetting.deviceSize.set("276x155mm", in: &settings, option: "--device-size")
    let keys = EffectiveSettings(configuration: try settings.configuration()).entries.map(\.key)
    for setting in SessionSetting.allCases where setting != .flick {
        #expect(keys.contains(setting.jsonKey), "\(setting.jsonKey) missing from \(keys)")
    }
}

@Test func theProfileHelpNamesEachLibrary() {
    for profile in DismissalProfile.allCases {
        #expect(SessionSetting.profile.help.contains("\(profile.rawValue) (\(profile.libraryName))"))
    }
}

/// A tiny value typed is shown as typed in the settings line, not rounded to 0 (the replay
/// used it, so the line must say it); an ordinary one keeps its four decimals.
@Test func aTinySettingIsNotShownAsZero() throws {
    var settings = SessionSettings()
    try SessionSetting.threshold.set("0.00001", in: &settings, option: "--threshold")
    let text = EffectiveSettings(configuration: try settings.configuration()).text
    #expect(text.contains("threshold 1e-05 (finish if >)"), "\(text)")
    #expect(settings.overrideDescriptions == ["threshold 1e-05"], "\(settings.overrideDescriptions)")
    let usual = EffectiveSettings(configuration: try SessionSettings().configuration()).text
    #expect(usual.contains("threshold 0.3333 (finish if >)"), "\(usual)")
}
