/// The contents of one `.stringsdict` file.
public struct StringsDictFile: Sendable, Hashable {
    /// Each usable entry by key. Entries the reader had to skip are only in `warnings`.
    public var entries: [String: LocalizedString]
    /// Entries skipped or kept despite a problem (undefined variable, unknown
    /// rule type...), in file order where the position is known.
    public var warnings: [ParseWarning]

    public init(entries: [String: LocalizedString] = [:], warnings: [ParseWarning] = []) {
        self.entries = entries
        self.warnings = warnings
    }
}
