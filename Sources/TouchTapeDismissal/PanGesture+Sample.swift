@_spi(Pipeline) import TouchTapeContract
import TouchTapePan

extension PanGesture {
    /// The gesture a pan target sees for `sample`, measured in `view`; `recognizer` is the
    /// pan's (shared by all its gestures).
    package init(sample: PanSample, view: GestureView, maximumNumberOfTouches: Int = .max,
                 recognizer: Recognizer = Recognizer()) {
        self.init(state: State(sample.phase), timestamp: sample.time, numberOfTouches: sample.fingerCount,
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

    /// A `.changed` gesture's ``sample`` without its velocity (zero): what a progress update
    /// reads, the time, the phase, the translation and the fingers. A whole sample made at
    /// every `.changed` callback retained and released the velocity's fit (issue 26).
    package var progressSample: PanSample {
        PanSample(time: timestamp, phase: .changed, translation: recognizedTranslation, velocityEstimate: PanVelocity(.zero),
                  fingerCount: numberOfTouches, slopTranslation: slopTranslation)
    }

    /// This gesture made the one a pan target sees for `sample`, keeping its view, its
    /// recognizer and its `maximumNumberOfTouches` (a driver's one gesture a run).
    package mutating func set(from sample: borrowing PanSample) {
        state = State(sample.phase)
        timestamp = sample.time
        numberOfTouches = sample.fingerCount
        recognizedTranslation = sample.translation
        setVelocity(sample.velocityEstimate)
        slopTranslation = sample.slopTranslation
    }
}

extension PanGesture.State {
    /// The recognizer's state for a sample of `phase`.
    init(_ phase: PanPhase) {
        switch phase {
        case .began: self = .began
        case .changed: self = .changed
        case .ended: self = .ended
        case .cancelled: self = .cancelled
        }
    }
}
