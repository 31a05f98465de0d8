package import LabelCore

/// What an import did or would do, per `<file>` of each XLIFF, and what it found.
package struct ImportReport: Sendable, Hashable {
    package enum Status: String, Sendable, Hashable {
        /// The output file changes (or would, with `--dry-run`).
        case written
        /// Every imported value was already there.
        case unchanged
        /// The output could not be merged (the reason is in ``Output/refusal``); nothing is written.
        case refused
        /// The `<file>` has a kind this import does not write (`.plist`, `.storyboard`…).
        case ignored
    }

    /// One `<file>` of an XLIFF.
    package struct FileResult: Sendable, Hashable {
        package var xliff: String
        package var original: String
        /// `target-language` as written in the XLIFF.
        package var language: String
        /// The worst of its outputs' statuses (refused, written, unchanged), or `ignored`.
        package var status: Status
        /// Units whose target was imported (changed or not).
        package var imported: Int
        /// Units not written because they fail a check (each is a finding with ``Finding/refused``).
        package var refused: Int = 0
        /// Keys new to the development language that `--add-new` wrote there from this
        /// `<file>`'s units (their translations are among ``imported``).
        package var added: Int = 0
        package var skipped: [SkippedUnit]
        /// The store files its units go to (a `.strings` <file> may also feed the
        /// table's `.stringsdict`, or a String Catalog).
        package var outputs: [Output]
    }

    /// One store file an import writes, as far as one `<file>` feeds it.
    package struct Output: Sendable, Hashable {
        /// Relative to the bundle folder (`de.lproj/Localizable.strings`, `Accessibility.xcstrings`).
        package var path: String
        package var status: Status
        package var refusal: ImportRefusal?
        /// Plural categories the language needs that the imported keys still lack.
        package var missingCategories: [MissingCategories]
    }

    package struct SkippedUnit: Sendable, Hashable {
        package var id: String
        package var reason: SkipReason
    }

    package struct MissingCategories: Sendable, Hashable {
        package var key: String
        package var categories: [PluralCategory]
    }

    /// A check that failed: reported, never fixed; under `--strict` any finding means
    /// nothing is written.
    package struct Finding: Sendable, Hashable {
        package enum Kind: String, Sendable, Hashable, StableCode {
            /// The target's format arguments disagree with the source's (count, order,
            /// types, positions): the unit is refused.
            case placeholderMismatch = "placeholder-mismatch"
            /// A `.stringsdict` format or variant names a `%#@variable@` its entry does not
            /// define: the entry's units are refused.
            case undefinedVariable = "undefined-variable"
            /// The unit's text holds a character XML 1.0 cannot hold (U+FFFE, U+FFFF): the
            /// unit is refused.
            case nonXMLCharacter = "non-xml-character"
            /// Another unit of the same `.stringsdict` entry was refused: the entry is
            /// written whole or not at all.
            case entryRefused = "entry-refused"
            /// The development language lacks the unit's key: without `--add-new` it is
            /// skipped (the text report counts these once, `new-keys-skipped`).
            case unknownKey = "unknown-key"
            /// `--add-new`: a new plural key whose units cannot make a whole
            /// development-language entry (no format, a category the development language
            /// needs, a width/device variant or catalog substitution): refused in every language.
            case newPluralIncomplete = "new-plural-incomplete"
            /// `--add-new`: the `<file>`'s `source-language` is not the development language,
            /// so its `<source>` cannot be the development language's value: the new key is refused.
            case sourceLanguageDiffers = "source-language-differs"
            case languageTwice = "language-twice"
            case unknownKind = "unknown-kind"
        }

        package var kind: Kind
        package var xliff: String
        package var line: Int
        package var id: String?
        package var message: String
        /// Whether the unit was refused (not written) for it; the rest of its file is imported.
        package var refused: Bool = false
    }

    package var files: [FileResult] = []
    package var findings: [Finding] = []
    /// XLIFF files refused whole (nothing is written when there is one).
    package var errors: [XLIFFReadError] = []

    /// Whether the run was `--strict`: then any finding stops the import.
    package var strict = false
    /// Whether the run was `--add-new`.
    package var addNew = false
    /// Whether the run was a dry run (``Import/run(_:into:options:dryRun:)``): nothing written.
    package var dryRun = false
    /// How many files ``Import/run(_:into:options:dryRun:)`` replaced or created.
    package var filesWritten = 0

    /// Whether anything stops the import: a refused file or output, or under
    /// `--strict` any finding (a refused unit included).
    package var isRefused: Bool {
        !errors.isEmpty || files.contains { $0.status == .refused } || (strict && !findings.isEmpty)
    }

    /// The stable code of the notice that counts ``newKeysSkipped``.
    package static let newKeysSkippedCode = "new-keys-skipped"

    /// Units skipped because the development language lacks their key (`--add-new`
    /// imports them): the `new-keys-skipped` notice.
    package var newKeysSkipped: Int {
        files.reduce(0) { total, file in
            total + file.skipped.count { if case .notInDevelopmentLanguage = $0.reason { true } else { false } }
        }
    }

    /// Units refused for a finding, over every `<file>`.
    package var refusedUnits: Int { findings.filter(\.refused).count }

    /// Every refusal of the outputs, in report order.
    package var refusals: [ImportRefusal] { files.flatMap { $0.outputs.compactMap(\.refusal) } }
}
