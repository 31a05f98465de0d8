/// One range of a label with what it says about speech or grammar: a run of Apple's inline
/// attribute markup (`^[Mürren](accessibilitySpeechPhoneticNotation: "ˈmʏrən")`) after the
/// markup is removed, or the range a format argument was substituted into.
public struct LabelRun: Sendable, Hashable {
    /// UTF-16 code units into the text it belongs to (what `NSAttributedString` and
    /// Android spans index).
    public var start: Int
    /// UTF-16 code units.
    public var length: Int
    /// In the order written; a name appears at most once (the last value written wins).
    public var attributes: [Attribute]

    /// One `name: value` pair.
    public struct Attribute: Sendable, Hashable {
        public var name: String
        public var value: InlineAttributeValue

        public init(name: String, value: InlineAttributeValue) {
            self.name = name
            self.value = value
        }
    }

    public init(start: Int, length: Int, attributes: [Attribute]) {
        self.start = start
        self.length = length
        self.attributes = attributes
    }

    /// The value of the attribute `name`, if the run has one.
    public func value(of name: String) -> InlineAttributeValue? {
        attributes.first { $0.name == name }?.value
    }

    /// One past the last UTF-16 code unit.
    public var end: Int { start + length }
}
