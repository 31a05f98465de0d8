package import LabelCore

/// What an import did or would do, per `<file>` of each XLIFF, and what it found.
package struct ImportReport: Sendable, Hashable {
    package enum Status: String, Sendable, Hashable {
        /// The output file changes (or would, with `--dry-run`).
        case written
        /// Every imported value was already there.
        case unchanged
        /// The output could not be merged (the reason is in ``FileResult/refusal``); nothing is written.
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
        package var refusal: String?
        /// Plural categories the language needs that the imported keys still lack.
        package var missingCategories: [MissingCategories]
    }

    package struct SkippedUnit: Sendable, Hashable {
        package var id: String
        package var reason: String
    }

    package struct MissingCategories: Sendable, Hashable {
        package var key: String
        package var categories: [PluralCategory]
    }

    /// A check that failed: reported, never fixed; `--strict` makes it fail the import.
    package struct Finding: Sendable, Hashable {
        package enum Kind: String, Sendable, Hashable {
            case placeholderMismatch = "placeholder-mismatch"
            case unknownKey = "unknown-key"
            case languageTwice = "language-twice"
            case unknownKind = "unknown-kind"
        }

        package var kind: Kind
        package var xliff: String
        package var line: Int
        package var id: String?
        package var message: String
    }

    package var files: [FileResult] = []
    package var findings: [Finding] = []
    /// XLIFF files refused whole (nothing is written when there is one).
    package var errors: [XLIFFReadError] = []

    /// Whether anything stops the import: a refused file or output.
    package var isRefused: Bool { !errors.isEmpty || files.contains { $0.status == .refused } }

    /// Every refusal reason of the outputs, in report order.
    package var refusals: [String] { files.flatMap { $0.outputs.compactMap(\.refusal) } }
}
