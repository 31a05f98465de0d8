import LabelCore

/// What one store file yielded: its entries (the value Apple's reader keeps
/// for each key) and the findings of reading it.
struct LintFile: Sendable {
    var path: String
    var bundle: String
    var table: String
    var kind: StoreLoader.Job.Kind
    var entries: [LintEntry] = []
    var findings: [LintFinding] = []
    /// A String Catalog's `sourceLanguage`.
    var sourceLanguage: LanguageTag?
}
