/// The result of a least-squares polynomial fit: `y ≈ c₀ + c₁·x + c₂·x² + …`.
package struct PolynomialFit: Hashable, Sendable {
    /// `coefficients[i]` multiplies `xⁱ`; `degree + 1` of them.
    package var coefficients: [Double]
    /// Coefficient of determination R² = 1 − SSE/SST (weighted); 1 when the data
    /// has no spread (SST ≈ 0), as in Flutter's `PolynomialFit.confidence`.
    package var confidence: Double

    /// A value from its parts.
    package init(coefficients: [Double], confidence: Double) {
        self.coefficients = coefficients
        self.confidence = confidence
    }

    /// The polynomial's degree.
    package var degree: Int { coefficients.count - 1 }

    /// The polynomial's value at `x`.
    package func value(at x: Double) -> Double {
        coefficients.reversed().reduce(0) { $0 * x + $1 }
    }
}
