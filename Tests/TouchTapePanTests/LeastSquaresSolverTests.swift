import Testing
@testable import TouchTapePan

@Suite struct LeastSquaresSolverTests {
    @Test func recoversAKnownQuadratic() throws {
        // y = 2 + 3x − 0.5x² at x = 0…4: y = 2, 4.5, 6, 6.5, 6. Noise-free, so the fit is
        // the polynomial itself and R² = 1.
        let x: [Double] = [0, 1, 2, 3, 4]
        let y = x.map { 2 + 3 * $0 - 0.5 * $0 * $0 }
        #expect(y == [2, 4.5, 6, 6.5, 6])
        let fit = try #require(LeastSquaresSolver(x: x, y: y).solve(degree: 2))
        #expect(fit.coefficients.count == 3)
        #expect(isClose(fit.coefficients[0], 2))
        #expect(isClose(fit.coefficients[1], 3))
        #expect(isClose(fit.coefficients[2], -0.5))
        #expect(isClose(fit.confidence, 1))
    }

    @Test func lineThroughScatteredPointsHasTheHandComputedConfidence() throws {
        // x = 0…3, y = 0,1,0,1. x̄ = 1.5, ȳ = 0.5; Sxy = 0.75 − 0.25 − 0.25 + 0.75 = 1,
        // Sxx = 2.25 + 0.25 + 0.25 + 2.25 = 5 → slope 0.2, intercept 0.5 − 0.2·1.5 = 0.2.
        // Predictions 0.2, 0.4, 0.6, 0.8; errors −0.2, 0.6, −0.6, 0.2 → SSE = 0.8; SST = 1 → R² = 0.2.
        let fit = try #require(LeastSquaresSolver(x: [0, 1, 2, 3], y: [0, 1, 0, 1]).solve(degree: 1))
        #expect(isClose(fit.coefficients[0], 0.2))
        #expect(isClose(fit.coefficients[1], 0.2))
        #expect(isClose(fit.confidence, 0.2))
    }

    @Test func aZeroWeightRemovesAnOutlier() throws {
        // y = x at 0, 1, 2 and an outlier 100 at x = 3 with weight 0: the fit is y = x.
        let fit = try #require(LeastSquaresSolver(x: [0, 1, 2, 3], y: [0, 1, 2, 100], weights: [1, 1, 1, 0]).solve(degree: 1))
        #expect(isClose(fit.coefficients[0], 0))
        #expect(isClose(fit.coefficients[1], 1))
    }

    @Test func degenerateInputHasNoFit() {
        // Three samples cannot fix four coefficients.
        #expect(LeastSquaresSolver(x: [0, 1, 2], y: [0, 1, 4]).solve(degree: 3) == nil)
        // All x equal: the x column is a multiple of the constant column (norm 0 after Gram–Schmidt).
        #expect(LeastSquaresSolver(x: [5, 5, 5], y: [1, 2, 3]).solve(degree: 1) == nil)
        #expect(LeastSquaresSolver(x: [], y: []).solve(degree: 0) == nil)
    }

    @Test func flatDataHasConfidenceOne() throws {
        // SST = 0: Flutter reports confidence 1 rather than 0/0.
        let fit = try #require(LeastSquaresSolver(x: [0, 1, 2], y: [7, 7, 7]).solve(degree: 1))
        #expect(isClose(fit.coefficients[0], 7))
        #expect(isClose(fit.coefficients[1], 0))
        #expect(fit.confidence == 1)
    }
}
