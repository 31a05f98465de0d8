package import LabelCore

/// An XLIFF 1.2 document as Xcode exports it and CAT tools return it.
package struct XLIFFDocument: Sendable, Hashable {
    /// One `<file>`: one table of one bundle, in one target language.
    package struct File: Sendable, Hashable {
        /// The `original` attribute (`damus/en-US.lproj/Localizable.strings`).
        package var original: String
        /// The table: `original`'s base name without its extension (`Localizable`).
        package var table: String
        /// The extension of `original` (`strings`, `stringsdict`, `xcstrings`, or another).
        package var kind: String
        package var sourceLanguage: String?
        /// `target-language` as written (`pt-BR`, `zh_Hans`).
        package var targetLanguage: String
        /// `target-language` checked and canonical.
        package var targetTag: LanguageTag
        /// Line of the `<file>` tag.
        package var line: Int
        package var units: [Unit]
    }

    /// One `<trans-unit>`.
    package struct Unit: Sendable, Hashable {
        package var id: String
        package var source: String
        /// `nil` when the unit has no `<target>`; `""` for an empty one.
        package var target: String?
        /// The `state` attribute of `<target>` (`translated`, `needs-review-translation`...).
        package var state: String?
        /// `<note>` texts, in order.
        package var notes: [String]
        /// Line of the `<trans-unit>` tag.
        package var line: Int
        /// What the id names (from the file's kind).
        package var address: UnitAddress
        /// The developer's comment: the first `<note from="developer">`, else the first
        /// `<note>` without `from` (Xcode's own notes); never a note from anyone else
        /// (`from="label-server"`: a report's hit counts). Bounded (``DeveloperComment``).
        /// The only note `import` writes, as the comment above a `.strings` entry.
        package var developerNote: String? = nil
    }

    /// The file name used in errors and the report.
    package var name: String
    package var files: [File]
}
