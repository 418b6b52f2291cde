/// A pan setting that cannot work, with the field it is in and what to do about it.
public struct PanSettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field's name in ``PanSettings``.
    public var setting: String
    /// The offending value, as text.
    public var value: String
    /// What to change.
    public var hint: String

    /// A value from its parts.
    public init(setting: String, value: String, hint: String) {
        self.setting = setting
        self.value = value
        self.hint = hint
    }

    /// The text messages and reports print.
    public var description: String { "invalid \(setting) \(value): \(hint)" }
}
