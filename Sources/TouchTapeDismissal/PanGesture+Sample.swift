import TouchTapePan

extension PanGesture {
    /// The gesture a pan target sees for `sample`, measured in `view`; `recognizer` is the
    /// pan's (shared by all its gestures).
    package init(sample: PanSample, view: GestureView, maximumNumberOfTouches: Int = .max,
                 recognizer: Recognizer = Recognizer()) {
        let state: State
        switch sample.phase {
        case .began: state = .began
        case .changed: state = .changed
        case .ended: state = .ended
        case .cancelled: state = .cancelled
        }
        self.init(state: state, timestamp: sample.time, numberOfTouches: sample.fingerCount,
                  maximumNumberOfTouches: maximumNumberOfTouches, view: view, translation: sample.translation,
                  velocityEstimate: sample.velocityEstimate, slopTranslation: sample.slopTranslation, recognizer: recognizer)
    }

    /// The pan sample this gesture was made from (as the recognizer reported it, before any
    /// `setTranslation(_:in:)`).
    package var sample: PanSample {
        let phase: PanPhase
        switch state {
        case .began: phase = .began
        case .changed: phase = .changed
        case .ended: phase = .ended
        case .cancelled: phase = .cancelled
        }
        return PanSample(time: timestamp, phase: phase, translation: recognizedTranslation, velocityEstimate: velocityEstimate,
                         fingerCount: numberOfTouches, slopTranslation: slopTranslation)
    }
}
