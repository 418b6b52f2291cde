/// Weighted least-squares polynomial fit: the maths alone, with no notion of time or
/// pointers (Flutter `lsq_solver.dart`, itself a port of Android's `solveLeastSquares`).
///
/// The Vandermonde matrix A (row `h` = `wₕ·(1, xₕ, xₕ², …)`) is split by Gram–Schmidt
/// into Q·R, then `R·b = Qᵀ·(w∘y)` is solved by back-substitution. Gram–Schmidt rather
/// than normal equations because it is what both reference trackers do, so our numbers
/// match theirs to rounding.
///
/// ```swift
/// let fit = LeastSquaresSolver(x: [0, 1, 2, 3], y: [1, 2, 5, 10]).solve(degree: 2)
/// // fit?.coefficients ≈ [1, 0, 1]  (y = 1 + x²)
/// ```
public struct LeastSquaresSolver: Hashable, Sendable {
    /// Horizontal component.
    public var x: [Double]
    /// Vertical component.
    public var y: [Double]
    /// One weight per sample; all 1 for an unweighted fit.
    public var weights: [Double]

    /// - Precondition: `x`, `y` and `weights` (when given) have the same count.
    public init(x: [Double], y: [Double], weights: [Double]? = nil) {
        precondition(x.count == y.count, "x and y must have the same count")
        precondition(weights.map { $0.count == x.count } ?? true, "one weight per sample")
        self.x = x
        self.y = y
        self.weights = weights ?? Array(repeating: 1, count: x.count)
    }

    /// The fit of the given degree, or `nil` when it is not determined: fewer than
    /// `degree + 1` samples, a negative degree, or samples that are linearly dependent
    /// for this degree (a Gram–Schmidt column norm below
    /// ``PanConstants/precisionErrorTolerance``, e.g. all `x` equal).
    public func solve(degree: Int) -> PolynomialFit? {
        let m = x.count
        let n = degree + 1
        guard degree >= 0, m >= n else { return nil }

        // a[i][h] = w[h] · x[h]^i
        var a = [[Double]](repeating: [Double](repeating: 0, count: m), count: n)
        for h in 0..<m {
            a[0][h] = weights[h]
            for i in 1..<n { a[i][h] = a[i - 1][h] * x[h] }
        }

        // Gram–Schmidt: q rows orthonormal, r upper triangular (n × n).
        var q = a
        var r = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        for j in 0..<n {
            for i in 0..<j {
                let d = dot(q[j], q[i])
                for h in 0..<m { q[j][h] -= d * q[i][h] }
            }
            let norm = dot(q[j], q[j]).squareRoot()
            guard norm >= PanConstants.precisionErrorTolerance, norm.isFinite else { return nil }
            for h in 0..<m { q[j][h] /= norm }
            for i in j..<n { r[j][i] = dot(q[j], a[i]) }
        }

        // R·b = Qᵀ·(w∘y), back-substitution.
        let wy = (0..<m).map { y[$0] * weights[$0] }
        var b = [Double](repeating: 0, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            var s = dot(q[i], wy)
            for j in (i + 1)..<n { s -= r[i][j] * b[j] }
            b[i] = s / r[i][i]
        }

        // R² = 1 − SSE/SST, both weighted by w².
        let mean = y.reduce(0, +) / Double(m)
        var sse = 0.0, sst = 0.0
        let fit = PolynomialFit(coefficients: b, confidence: 1)
        for h in 0..<m {
            let err = y[h] - fit.value(at: x[h])
            let dev = y[h] - mean
            let w2 = weights[h] * weights[h]
            sse += w2 * err * err
            sst += w2 * dev * dev
        }
        let confidence = sst <= PanConstants.precisionErrorTolerance ? 1 : 1 - sse / sst
        return PolynomialFit(coefficients: b, confidence: confidence)
    }

    private func dot(_ u: [Double], _ v: [Double]) -> Double {
        var s = 0.0
        for k in u.indices { s += u[k] * v[k] }
        return s
    }
}
