import Testing
import TouchTapeDismissal
@_spi(Pipeline) import TouchTapeEvents

@Test func dominantDirectionFollowsTransition() {
    #expect(DismissEdge(dominantDirectionOf: v(0, 10)) == .bottom)
    #expect(DismissEdge(dominantDirectionOf: v(0, -10)) == .top)
    #expect(DismissEdge(dominantDirectionOf: v(11, 10)) == .right)
    #expect(DismissEdge(dominantDirectionOf: v(-11, 10)) == .left)
    // Ties go vertical; the zero vector is .top.
    #expect(DismissEdge(dominantDirectionOf: v(10, 10)) == .bottom)
    #expect(DismissEdge(dominantDirectionOf: v(-10, -10)) == .top)
    #expect(DismissEdge(dominantDirectionOf: .zero) == .top)
}

@Test func componentIsPositiveTowardsTheEdge() {
    let d = v(3, -40)
    #expect(DismissEdge.bottom.component(of: d) == -40)
    #expect(DismissEdge.top.component(of: d) == 40)
    #expect(DismissEdge.right.component(of: d) == 3)
    #expect(DismissEdge.left.component(of: d) == -3)
    #expect(DismissEdge.bottom.opposite == .top)
    #expect(DismissEdge.left.axis == .horizontal)
}

@Test func dismissingUpwardsMirrorsDownwards() {
    // A `.top` edge: a pan up 450 in a 900 pt container is half way.
    var s = DismissalProfile.transition.settings
    s.edge = .top
    let result = DismissalRun.run(controller: DismissalController(settings: s),
                                  samples: pan(v(0, -450), velocity: .zero, beganVelocity: v(0, -300)))
    #expect(result.outcome == .finish)
    #expect(result.releaseProgress == 0.5)
}
