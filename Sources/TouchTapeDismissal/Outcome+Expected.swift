@_spi(Pipeline) import TouchTapeEvents

extension Outcome {
    /// The recorder's label this outcome satisfies; `nil` for `.none`, which no label expects.
    package var expected: ExpectedOutcome? {
        switch self {
        case .finish: return .finish
        case .cancel: return .cancel
        case .none: return nil
        }
    }
}
