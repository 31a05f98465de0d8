/// One string of the store with where it came from.
public struct CatalogEntry: Sendable, Hashable {
    // `string` is `let`: the derived argument count and tokens must stay in step with it.
    /// The value as declared (template and plural variables).
    public let string: LocalizedString
    /// The bundle it was read from (`app`, `framework`).
    public var bundle: String
    /// The language it is in. `Base.lproj` entries are in the development language.
    public var language: LanguageTag
    /// The folder name for `source` (`de`, `de-DE`, `Base`); the catalog language for `.xcstrings`.
    public var folder: String
    /// Where the key is declared, when the format gives a line (`.strings`).
    public var location: SourceLocation?
    /// How many arguments the value reads, computed once at load.
    public let argumentCount: Int
    /// The value's format texts tokenized at load; `nil` for plain text.
    public let tokens: FormatTokenTable?

    public init(string: LocalizedString, bundle: String, language: LanguageTag, folder: String, location: SourceLocation?) {
        self.string = string
        self.bundle = bundle
        self.language = language
        self.folder = folder
        self.location = location
        let formatted = string.isPlural || string.template.utf8.contains(UInt8(ascii: "%"))
        argumentCount = formatted ? LabelFormatter.argumentCount(of: string) : 0
        tokens = formatted ? FormatTokenTable(string) : nil
    }

    /// `app/de`, `framework/en`: what the API reports as `source`.
    public var source: String { "\(bundle)/\(folder)" }
}
