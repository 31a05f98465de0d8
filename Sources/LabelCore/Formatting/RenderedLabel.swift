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
    /// What the template's inline attribute markup said, and each substituted argument's
    /// range (`argument` = its number), as UTF-16 offsets into ``value``; ordered by start,
    /// an enclosing run first. Empty for most labels.
    package var runs: [LabelRun]

    package init(value: String, pluralCategory: PluralCategory? = nil, pluralMiss: PluralMiss? = nil, runs: [LabelRun] = []) {
        self.value = value
        self.pluralCategory = pluralCategory
        self.pluralMiss = pluralMiss
        self.runs = runs
    }
}
