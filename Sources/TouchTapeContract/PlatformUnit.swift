/// The unit a toolkit measures distances in (and velocities, per second): what a profile's
/// numbers mean, and how many of them one millimetre of finger travel makes.
///
/// | unit | per inch | toolkits |
/// |---|---|---|
/// | points | 163 | UIKit (every iPhone keeps ≈163 pt per inch; Retina multiplies pixels) |
/// | dp | 160 | Android's density-independent pixel (`DisplayMetrics.DENSITY_DEFAULT`), Compose, React Native on Android |
/// | logical pixels | 160 | Flutter: `devicePixelRatio` is Android's density (dp) or iOS's scale (pt, 163); TouchTape takes Android's |
/// | pixels at density d | 160 × d | Android views (`BottomSheetBehavior`'s 500 px/s is read as raw pixels) |
package enum PlatformUnit: Hashable, Sendable, Codable {
    /// UIKit points, 163 per inch.
    case points
    /// Android density-independent pixels, 160 per inch.
    case dp
    /// Flutter logical pixels (Android's dp).
    case logicalPixels
    /// Android physical pixels at `density` (420 dpi: 2.625).
    case pixels(density: Double)

    /// Android's reference density: 160 dp per inch (`DisplayMetrics.DENSITY_DEFAULT`).
    package static let dpPerInch = 160.0
    /// The density of the Android profiles' phone: 420 dpi, a Pixel-class screen (`DENSITY_420` / 160).
    package static let referenceDensity = 2.625

    /// Units per millimetre of finger travel: the pan's default scale under this unit.
    package var perMillimetre: Double {
        switch self {
        case .points: return 163.0 / 25.4   // PanConstants.iOSPointsPerMillimetre
        case .dp, .logicalPixels: return Self.dpPerInch / 25.4
        case .pixels(let density): return Self.dpPerInch * density / 25.4
        }
    }

    /// The symbol after a distance (`pt`, `dp`, `lpx`, `px`); velocities add `/s`.
    package var symbol: String {
        switch self {
        case .points: return "pt"
        case .dp: return "dp"
        case .logicalPixels: return "lpx"
        case .pixels: return "px"
        }
    }

    /// The unit in words, for reports (`dp (Android, 160 per inch)`).
    package var words: String {
        switch self {
        case .points: return "pt (UIKit points, 163 per inch)"
        case .dp: return "dp (Android density-independent pixels, 160 per inch)"
        case .logicalPixels: return "lpx (Flutter logical pixels, as Android dp: 160 per inch)"
        case .pixels(let density):
            return "px (Android pixels at density \(density): \(Self.dpPerInch * density) per inch)"
        }
    }
}
