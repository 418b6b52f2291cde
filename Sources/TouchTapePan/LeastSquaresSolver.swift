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
package struct LeastSquaresSolver: Hashable, Sendable {
    /// Horizontal component.
    package var x: [Double]
    /// Vertical component.
    package var y: [Double]
    /// One weight per sample; all 1 for an unweighted fit.
    package var weights: [Double]

    /// - Precondition: `x`, `y` and `weights` (when given) have the same count.
    package init(x: [Double], y: [Double], weights: [Double]? = nil) {
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
    package func solve(degree: Int) -> PolynomialFit? {
        let m = x.count
        let n = degree + 1
        guard degree >= 0, m >= n else { return nil }
        var b = [Double](repeating: 0, count: n)
        let solved = x.withUnsafeBufferPointer { x in
            y.withUnsafeBufferPointer { y in
                weights.withUnsafeBufferPointer { w in
                    b.withUnsafeMutableBufferPointer { b in Self.solve(x: x, y: y, weights: w, into: b) }
                }
            }
        }
        guard solved else { return nil }

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

    /// The coefficients alone (`b.count` = degree + 1 ≤ `x.count`), into `b`; false when
    /// the fit is not determined. No allocation on the heap: the per-frame velocity
    /// estimate calls it twice per frame (issue 13). `weights: nil` is an unweighted fit
    /// (every weight 1, the same arithmetic). The one implementation of the maths above.
    static func solve(x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>,
                      weights: UnsafeBufferPointer<Double>?, into b: UnsafeMutableBufferPointer<Double>) -> Bool {
        solve(x: x, y: y, weights: weights, into: b, y2: nil, into: nil)
    }

    /// Fits `y` into `b` and, with the same decomposition of `x` (the same numbers as a
    /// fit of its own), `y2` into `b2`: a velocity's two axes share their times.
    static func solve(x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>,
                      weights: UnsafeBufferPointer<Double>?, into b: UnsafeMutableBufferPointer<Double>,
                      y2: UnsafeBufferPointer<Double>?, into b2: UnsafeMutableBufferPointer<Double>?) -> Bool {
        let m = x.count
        let n = b.count
        guard n >= 1, m >= n else { return false }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * n * m + n * n + m) { storage in
            let base = storage.baseAddress!
            // a[i][h] = w[h] · x[h]^i at a[i * m + h]; q likewise; r[j][i] at r[j * n + i].
            let a = base, q = base + n * m, r = base + 2 * n * m, wy = base + 2 * n * m + n * n
            func dot(_ u: UnsafeMutablePointer<Double>, _ v: UnsafeMutablePointer<Double>) -> Double {
                var s = 0.0
                for k in 0..<m { s += u[k] * v[k] }
                return s
            }
            for h in 0..<m {
                a[h] = weights?[h] ?? 1
                for i in 1..<n { a[i * m + h] = a[(i - 1) * m + h] * x[h] }
            }
            q.update(from: a, count: n * m)
            r.update(repeating: 0, count: n * n)
            // Gram–Schmidt: q rows orthonormal, r upper triangular (n × n).
            for j in 0..<n {
                for i in 0..<j {
                    let d = dot(q + j * m, q + i * m)
                    for h in 0..<m { q[j * m + h] -= d * q[i * m + h] }
                }
                let norm = dot(q + j * m, q + j * m).squareRoot()
                guard norm >= PanConstants.precisionErrorTolerance, norm.isFinite else { return false }
                for h in 0..<m { q[j * m + h] /= norm }
                for i in j..<n { r[j * n + i] = dot(q + j * m, a + i * m) }
            }
            // R·b = Qᵀ·(w∘y), back-substitution.
            func backSubstitute(_ y: UnsafeBufferPointer<Double>, _ b: UnsafeMutableBufferPointer<Double>) {
                for h in 0..<m { wy[h] = y[h] * (weights?[h] ?? 1) }
                for i in stride(from: n - 1, through: 0, by: -1) {
                    var s = dot(q + i * m, wy)
                    for j in (i + 1)..<n { s -= r[i * n + j] * b[j] }
                    b[i] = s / r[i * n + i]
                }
            }
            backSubstitute(y, b)
            if let y2, let b2 { backSubstitute(y2, b2) }
            return true
        }
    }
}
