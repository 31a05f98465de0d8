/// A label rendered with its arguments.
package struct RenderedLabel: Sendable, Hashable {
    /// The text with every specifier replaced.
    package var value: String
    /// The category chosen for the first plural variable whose category came from a
    /// number; `nil` when the string has no plural variable.
    package var pluralCategory: PluralCategory?
    /// The first plural variable whose chosen category the string lacks (it
    /// fell back to `other`): a missing hit for translators even though the
    /// language itself was found.
    package var pluralMiss: PluralMiss?

    package init(value: String, pluralCategory: PluralCategory? = nil, pluralMiss: PluralMiss? = nil) {
        self.value = value
        self.pluralCategory = pluralCategory
        self.pluralMiss = pluralMiss
    }
}
