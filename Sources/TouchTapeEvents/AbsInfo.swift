/// The range and precision of one absolute axis (`struct input_absinfo` less the
/// current value, which neither recording format keeps as device description).
package struct AbsInfo: Hashable, Sendable {
    /// The axis minimum, device units.
    package var minimum: Int32
    /// The axis maximum, device units.
    package var maximum: Int32
    /// `absinfo` fuzz.
    package var fuzz: Int32
    /// `absinfo` flat.
    package var flat: Int32
    /// Units per millimetre for position axes (units per radian for rotation); 0 = unknown.
    package var resolution: Int32

    /// A value from its parts.
    package init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    /// The axis length in millimetres, when the device reports a resolution.
    package var lengthInMillimetres: Double? {
        resolution > 0 ? Double(Int64(maximum) - Int64(minimum)) / Double(resolution) : nil
    }
}
