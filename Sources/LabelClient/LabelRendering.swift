public import LabelCore

/// A label rendered for speech: the plain text (never any markup) and the runs over it,
/// as `GET /labels/{key}` answers `value` and `runs`: each inline attribute run of the
/// store value and each argument's range, in UTF-16 code units of `text`
/// (what `NSAttributedString` and Android spans index).
public struct LabelRendering: Sendable, Hashable {
    public var text: String
    public var runs: [LabelRun]

    public init(text: String, runs: [LabelRun] = []) {
        self.text = text
        self.runs = runs
    }
}
