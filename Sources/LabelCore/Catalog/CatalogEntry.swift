/// One string of the store with where it came from.
///
/// Kept small, because a store holds one per string and per bundle (and the
/// merged catalog a second table of them): bundle, language, folder and file
/// live in an ``Origin`` shared by every entry read from the same file, the
/// line and column in 32 bits each.
package struct CatalogEntry: Sendable, Hashable {
    // `string` is `let`: the derived argument count and tokens must stay in step with it.
    /// The value as declared (template and plural variables).
    package let string: LocalizedString
    private var origin: Origin
    /// -1 when the format gives no line (`.stringsdict`, `.xcstrings`).
    private var line: Int32
    private var column: Int32
    /// The value's format texts tokenized at load, with its argument count and its texts'
    /// inline attribute markup parsed; `nil` for plain text.
    package let tokens: FormatTokenTable?

    package init(string: LocalizedString, bundle: String, language: LanguageTag, folder: String, location: SourceLocation?) {
        self.init(string: string, origin: Origin(bundle: bundle, language: language, folder: folder, file: location?.file),
                  location: location)
    }

    /// An entry whose origin is shared with the other entries of its file.
    init(string: LocalizedString, origin: Origin, location: SourceLocation?) {
        self.string = string
        self.origin = location == nil || location?.file == origin.file ? origin
            : Origin(bundle: origin.bundle, language: origin.language, folder: origin.folder, file: location?.file)
        line = location.map { Int32(clamping: $0.line) } ?? -1
        column = location.map { Int32(clamping: $0.column) } ?? -1
        let formatted = string.isPlural || FormatTokenTable.hasPercent(string.template)
            || InlineMarkup.mayContainMarkup(string.template)
        tokens = formatted ? FormatTokenTable(string) : nil
    }

    /// How many arguments the value reads, computed once at load (kept in `tokens`:
    /// a plain value reads none, and the entry stays 48 bytes).
    package var argumentCount: Int { tokens?.argumentCount ?? 0 }

    /// The bundle it was read from (`app`, `framework`).
    package var bundle: String {
        get { origin.bundle }
        set { origin = Origin(bundle: newValue, language: language, folder: folder, file: origin.file) }
    }

    /// The language it is in. `Base.lproj` entries are in the development language.
    package var language: LanguageTag {
        get { origin.language }
        set { origin = Origin(bundle: bundle, language: newValue, folder: folder, file: origin.file) }
    }

    /// The folder name for `source` (`de`, `de-DE`, `Base`); the catalog language for `.xcstrings`.
    package var folder: String {
        get { origin.folder }
        set { origin = Origin(bundle: bundle, language: language, folder: newValue, file: origin.file) }
    }

    /// Where the key is declared, when the format gives a line (`.strings`).
    package var location: SourceLocation? {
        get {
            guard line >= 0, let file = origin.file else { return nil }
            return SourceLocation(file: file, line: Int(line), column: Int(column))
        }
        set {
            origin = Origin(bundle: bundle, language: language, folder: folder, file: newValue?.file)
            line = newValue.map { Int32(clamping: $0.line) } ?? -1
            column = newValue.map { Int32(clamping: $0.column) } ?? -1
        }
    }

    /// `app/de`, `framework/en`: what the API reports as `source`.
    package var source: String { origin.source }

    /// The plural rules and number formatting of ``language``, shared by its entries.
    var formatting: LanguageFormatting { origin.formatting }

    package static func == (a: CatalogEntry, b: CatalogEntry) -> Bool {
        a.string == b.string && a.bundle == b.bundle && a.language == b.language && a.folder == b.folder
            && a.location == b.location
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(string)
        hasher.combine(bundle)
        hasher.combine(language)
        hasher.combine(folder)
        hasher.combine(location)
    }
}

extension CatalogEntry {
    /// Where entries of one file come from; one instance is shared by all of
    /// them (immutable, so sharing it across threads is safe), as a String
    /// shares its buffer.
    final class Origin: Sendable {
        let bundle: String
        let language: LanguageTag
        let folder: String
        /// The file, for entries that carry a line (`.strings`).
        let file: String?
        /// `bundle/folder`, made once here rather than on every request.
        let source: String
        let formatting: LanguageFormatting

        init(bundle: String, language: LanguageTag, folder: String, file: String?) {
            self.bundle = bundle
            self.language = language
            self.folder = folder
            self.file = file
            source = "\(bundle)/\(folder)"
            formatting = LanguageFormatting.forLanguage(language)
        }
    }
}
