/// One string of the store with where it came from.
public struct CatalogEntry: Sendable, Hashable {
    /// The value as declared (template and plural variables).
    public var string: LocalizedString
    /// The bundle it was read from (`app`, `framework`).
    public var bundle: String
    /// The language it is in. `Base.lproj` entries are in the development language.
    public var language: LanguageTag
    /// The folder name for `source` (`de`, `de-DE`, `Base`); the catalog language for `.xcstrings`.
    public var folder: String
    /// Where the key is declared, when the format gives a line (`.strings`).
    public var location: SourceLocation?

    public init(string: LocalizedString, bundle: String, language: LanguageTag, folder: String, location: SourceLocation?) {
        self.string = string
        self.bundle = bundle
        self.language = language
        self.folder = folder
        self.location = location
    }

    /// `app/de`, `framework/en`: what the API reports as `source`.
    public var source: String { "\(bundle)/\(folder)" }
}
