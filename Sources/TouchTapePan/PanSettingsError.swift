/// A pan setting that cannot work, with the field it is in and what to do about it.
package struct PanSettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field's name in ``PanSettings``.
    package var setting: String
    /// The offending value, as text.
    package var value: String
    /// What to change.
    package var hint: String

    /// A value from its parts.
    package init(setting: String, value: String, hint: String) {
        self.setting = setting
        self.value = value
        self.hint = hint
    }

    /// The text messages and reports print.
    package var description: String { "invalid \(setting) \(value): \(hint)" }
}
