/// What an app's pan handler reads: the shape of `UIPanGestureRecognizer`, filled from a
/// recorded (or live) pan sample.
///
/// ```swift
/// switch gesture.state {
/// case .began: transition.begin()
/// case .changed: transition.update(gesture.translation(in: view).y / view.bounds.height)
/// case .ended, .cancelled: gesture.velocity(in: view).y > 1000 ? transition.finish() : transition.cancel()
/// }
/// ```
///
/// Each callback gets the gesture as it is at that moment (a value). What UIKit keeps on the
/// recognizer across callbacks is shared by every gesture of one pan: a
/// ``setTranslation(_:in:)`` (Transition's step mode resets the translation to zero after
/// each update) holds for the callbacks after it, as it does on a `UIPanGestureRecognizer`.
public struct PanGesture: Hashable, Sendable {
    /// `UIGestureRecognizer.State`, as a pan target sees it (`.possible` and `.failed`
    /// never reach a target, so they are not here).
    public enum State: String, Hashable, Sendable, CaseIterable {
        case began
        case changed
        /// The fingers lifted: decide.
        case ended
        /// The gesture was cut off (the track ended with fingers down): UIKit apps usually
        /// decide as for `.ended`.
        case cancelled
    }

    /// What the `.began` gesture's ``translation(in:)`` carries, and where later
    /// translations count from. UIKit does not document it (its pan recognizer begins once
    /// the fingers moved about 10 pt, and what it reports for that movement is not public
    /// API), so it is a replay setting: `ControllerReplay.beganTranslation`, `touchtape
    /// --began-translation`, `began-translation:` in touchtape.yml.
    ///
    /// Either way ``InteractiveDismissalController/shouldBegin(_:)`` reads the movement that
    /// crossed the slop as the translation, as `gestureRecognizerShouldBegin` does.
    public enum BeganTranslation: String, Hashable, Sendable, CaseIterable, Codable {
        /// The slop is swallowed: `.began` carries zero, and later translations count from
        /// where the slop was crossed (the default; Flutter's `DragStartBehavior.start`).
        case zero
        /// `.began` carries the movement that crossed the slop, and later translations count
        /// from where the fingers touched down (Flutter's `DragStartBehavior.down`).
        case slop
    }

    /// The recognizer's state for this callback.
    public var state: State
    /// Seconds since the track's first frame (the virtual clock's time base).
    public var timestamp: Double
    /// Fingers down (at `.ended`: the count before lifting).
    public var numberOfTouches: Int
    /// `UIPanGestureRecognizer.maximumNumberOfTouches`: the most fingers the recognizer
    /// follows. It is the declared rules' `maximumTouches` (UIKit's default, no limit, is
    /// `Int.max` here); the replay's recognizer applies it before the controller sees a pan,
    /// as UIKit's does.
    public var maximumNumberOfTouches: Int
    /// The view the gesture is attached to (`gesture.view`).
    public var view: GestureView
    /// The recognizer's translation, before any ``setTranslation(_:in:)``.
    package var recognizedTranslation: Vector2
    /// Velocity, points per second, fitted when first read (``PanVelocity``).
    package var velocityEstimate: PanVelocity {
        get { velocitySlot.velocity }
        set { velocitySlot.set(newValue) }
    }
    /// Where ``velocityEstimate`` is kept: a driver sets its one gesture's from every sample.
    private var velocitySlot: PanVelocity.Slot
    /// Velocity, points per second.
    package var recognizedVelocity: Vector2 {
        get { velocitySlot.value }
        set { velocitySlot.set(PanVelocity(newValue)) }
    }
    /// The gesture's velocity from now on `velocity` (read in place: a setter would take a copy).
    package mutating func setVelocity(_ velocity: PanVelocity) {
        velocitySlot.set(velocity)
    }
    /// On the `.began` gesture: the movement the slop swallowed (what `shouldBegin` reads
    /// as the translation). Zero otherwise.
    package var slopTranslation: Vector2
    /// What the recognizer keeps across the callbacks of one pan.
    package let recognizer: Recognizer

    /// A hand-made gesture, for a unit test that calls a controller's
    /// `handlePan(_:transition:)` itself with a ``TransitionContext``:
    ///
    /// ```swift
    /// var card = CardDismissal(), transition = TransitionContext(distance: 800)
    /// let view = GestureView(width: 390, height: 800)
    /// card.handlePan(PanGesture(state: .began, view: view), transition: &transition)
    /// card.handlePan(PanGesture(state: .changed, translation: Vector2(x: 0, y: 200), view: view), transition: &transition)
    /// #expect(transition.percentComplete == 0.25)
    /// ```
    public init(state: State, timestamp: Double = 0, translation: Vector2 = .zero, velocity: Vector2 = .zero,
                numberOfTouches: Int = 1, view: GestureView) {
        self.init(state: state, timestamp: timestamp, numberOfTouches: numberOfTouches, view: view,
                  translation: translation, velocity: velocity)
    }

    /// A gesture from its parts; `recognizer` is shared by every gesture of one pan.
    package init(state: State, timestamp: Double, numberOfTouches: Int, maximumNumberOfTouches: Int = .max,
                 view: GestureView, translation: Vector2, velocity: Vector2, slopTranslation: Vector2 = .zero,
                 recognizer: Recognizer = Recognizer()) {
        self.init(state: state, timestamp: timestamp, numberOfTouches: numberOfTouches,
                  maximumNumberOfTouches: maximumNumberOfTouches, view: view, translation: translation,
                  velocityEstimate: PanVelocity(velocity), slopTranslation: slopTranslation, recognizer: recognizer)
    }

    /// A gesture whose velocity may be fitted only when read (a replay's recognizer).
    package init(state: State, timestamp: Double, numberOfTouches: Int, maximumNumberOfTouches: Int = .max,
                 view: GestureView, translation: Vector2, velocityEstimate: PanVelocity, slopTranslation: Vector2 = .zero,
                 recognizer: Recognizer = Recognizer()) {
        self.state = state
        self.timestamp = timestamp
        self.numberOfTouches = numberOfTouches
        self.maximumNumberOfTouches = maximumNumberOfTouches
        self.view = view
        self.recognizedTranslation = translation
        self.velocitySlot = PanVelocity.Slot(velocityEstimate)
        self.slopTranslation = slopTranslation
        self.recognizer = recognizer
    }

    /// Translation since `.began` in points (+y down), less what ``setTranslation(_:in:)``
    /// took away. Every view shares one coordinate space here; `view` is accepted so UIKit
    /// code ports unchanged.
    public func translation(in view: GestureView? = nil) -> Vector2 {
        recognizedTranslation + recognizer.offset
    }

    /// Velocity in points per second (+y down); `view` as for ``translation(in:)``. A
    /// ``setTranslation(_:in:)`` does not change it (nor does it on UIKit's recognizer).
    /// Exact, as UIKit's: a replay fits it from the recognizer's samples when it is asked.
    public func velocity(in view: GestureView? = nil) -> Vector2 { velocitySlot.value }

    /// `setTranslation(_:in:)`: from now on ``translation(in:)`` reads `translation` plus the
    /// movement after this call, in this callback and every later one of the pan.
    public func setTranslation(_ translation: Vector2, in view: GestureView? = nil) {
        recognizer.offset = translation - recognizedTranslation
    }

    /// Equal when everything a handler can read is equal (the translation as it reads now).
    public static func == (a: PanGesture, b: PanGesture) -> Bool {
        a.state == b.state && a.timestamp == b.timestamp && a.numberOfTouches == b.numberOfTouches
            && a.maximumNumberOfTouches == b.maximumNumberOfTouches && a.view == b.view
            && a.translation() == b.translation() && a.recognizedVelocity == b.recognizedVelocity
            && a.slopTranslation == b.slopTranslation
    }

    /// Hashes what `==` compares (part of it).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(state)
        hasher.combine(timestamp)
        hasher.combine(translation())
        hasher.combine(recognizedVelocity)
    }

    /// The state a `UIPanGestureRecognizer` carries from one callback to the next: the
    /// offset a ``PanGesture/setTranslation(_:in:)`` made. One pan is driven on one thread
    /// (a replay's track, a live session's gesture), so the box is not locked.
    package final class Recognizer: @unchecked Sendable {
        package var offset = Vector2.zero
        package init() {}
        /// A recognizer of its own with this one's state (a what-if that must not touch the pan).
        package func copy() -> Recognizer {
            let copy = Recognizer()
            copy.offset = offset
            return copy
        }
    }
}
