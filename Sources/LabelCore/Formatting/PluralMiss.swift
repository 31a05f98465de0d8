/// A plural variable rendered with a category its language needs but the file lacks.
public struct PluralMiss: Sendable, Hashable {
    /// The variable's name (`%#@files@` → `files`).
    public var variable: String
    public var category: PluralCategory

    public init(variable: String, category: PluralCategory) {
        self.variable = variable
        self.category = category
    }
}
