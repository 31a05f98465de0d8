import LabelCore

/// One value as lint sees it: the key, where it is written, and what it says.
struct LintEntry: Sendable {
    var key: String
    var string: LocalizedString
    /// Relative to the store folder.
    var file: String
    var line: Int?
    var bundle: String
    var table: String
    var language: LanguageTag
    var kind: StoreLoader.Job.Kind
    var isBase: Bool
}
