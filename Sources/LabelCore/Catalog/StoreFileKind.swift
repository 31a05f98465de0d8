/// The three kinds of file a store holds, named by their extension: `.strings`,
/// `.stringsdict` and `.xcstrings` (a String Catalog). The loader, `scan --resources`
/// and `import` tell them apart by this one type.
package enum StoreFileKind: String, Sendable, Hashable, CaseIterable {
    /// `<lang>.lproj/<Table>.strings`: text (or property list) key = value pairs.
    case strings
    /// `<lang>.lproj/<Table>.stringsdict`: plural rules, as a property list.
    case stringsdict
    /// `<Table>.xcstrings`: every language of a table in one JSON document.
    case catalog = "xcstrings"

    /// `.strings`, `.stringsdict`, `.xcstrings`.
    package var fileExtension: String { "." + rawValue }

    /// The kind of a file name (`Localizable.strings`), or `nil` for any other file or
    /// a bare extension without a table name.
    package init?(fileName: some StringProtocol) {
        guard let kind = Self.allCases.first(where: { fileName.hasSuffix($0.fileExtension) }),
              fileName.count > kind.fileExtension.count
        else { return nil }
        self = kind
    }

    /// The table a file of this kind holds: its name without the extension.
    package func table(ofFileName fileName: some StringProtocol) -> String {
        String(fileName.dropLast(fileExtension.count))
    }

    /// Within one layer, later kinds override earlier ones as Apple's `Bundle` reads them:
    /// `.xcstrings` < `.strings` < `.stringsdict`.
    package var precedence: Int {
        switch self {
        case .catalog: 0
        case .strings: 1
        case .stringsdict: 2
        }
    }
}
