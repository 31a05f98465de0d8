/// A label rendered with its arguments.
public struct RenderedLabel: Sendable, Hashable {
    /// The text with every specifier replaced.
    public var value: String
    /// The category chosen for the first plural variable whose category came from a
    /// number; `nil` when the string has no plural variable.
    public var pluralCategory: PluralCategory?

    public init(value: String, pluralCategory: PluralCategory? = nil) {
        self.value = value
        self.pluralCategory = pluralCategory
    }
}
