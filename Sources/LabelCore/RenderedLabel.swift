/// A label rendered with its arguments.
public struct RenderedLabel: Sendable, Hashable {
    /// The text with every specifier replaced.
    public var value: String
    /// The category chosen for the first plural variable whose category came from a
    /// number; `nil` when the string has no plural variable.
    public var pluralCategory: PluralCategory?
    /// The first plural variable whose chosen category the string lacks (it
    /// fell back to `other`): a missing hit for translators even though the
    /// language itself was found.
    public var pluralMiss: PluralMiss?

    public init(value: String, pluralCategory: PluralCategory? = nil, pluralMiss: PluralMiss? = nil) {
        self.value = value
        self.pluralCategory = pluralCategory
        self.pluralMiss = pluralMiss
    }
}
