extension LabelClientError {
    /// What is wrong with a bundle (JSON or compact table) or a cache file. Keys, tables and
    /// languages are the bundle's own text: tables and languages cut to 80 characters, keys
    /// cut to 80 where the reader rejects them while reading the document, and carried as the
    /// bundle has them where its catalog is built.
    public enum BundleProblem: Sendable, Equatable, CustomStringConvertible {
        /// Not JSON (the reader's message, cut to 160 characters).
        case notJSON(String)
        /// `lang`, `table`, `etag` or `labels` missing.
        case fieldsMissing
        /// No `entries`: the server predates LabelClient.
        case noEntries
        /// `development` is neither a string nor null.
        case developmentNotAString
        /// An entry lacks `source` or `lang`.
        case entryFieldsMissing(key: String)
        /// An entry's `variables` is not an object.
        case variablesNotAnObject(key: String)
        /// An entry's variable is malformed.
        case malformedVariable(key: String, name: String)
        /// A key with an entry has no label.
        case noLabel(key: String)
        /// `markup` is not an object of objects, or a key's `template` is not a string
        /// (the key, when one is named).
        case malformedMarkup(key: String?)
        /// An entry's source is not `bundle/folder` (the source, when the entry is not named).
        case invalidSource(key: String?, source: String?)
        /// An entry names a plural category CLDR does not have.
        case unknownPluralCategory(key: String, category: String)
        /// The bundle's `lang` is not a language tag.
        case invalidLanguage
        /// An entry's language is not a language tag.
        case invalidEntryLanguage(key: String?)
        /// The development language is not a language tag.
        case invalidDevelopmentLanguage
        /// The table name is not one a store file could have.
        case invalidTableName
        /// The bundle is another table's.
        case otherTable(String, requested: String)
        /// The bundle's language is not on the requested one's chain.
        case otherLanguage(String, requested: String)
        /// An entry's language is not on the bundle language's chain.
        case entryLanguageOffChain(String, language: String)
        /// A compact table's magic bytes are missing.
        case notACompactTable
        /// A compact table's place or plural category index past its list (at `offset`).
        case indexOutOfRange(Index, value: Int?, offset: Int)
        /// A compact table's count larger than the data (at `offset`).
        case countPastEnd(Int, offset: Int)
        /// A compact table ends inside a number or a string, or lacks a string (at `offset`).
        case truncated(Truncation, offset: Int)
        /// Bytes after a compact table.
        case trailingBytes(Int)
        /// A cache file that is not one, or has no ETag.
        case notACacheFile
        case noETag

        /// The list a compact table's index points into.
        public enum Index: Sendable, Equatable {
            case place
            case pluralCategory
        }

        /// Where a compact table ends too early.
        public enum Truncation: Sendable, Equatable {
            case table
            case string
            case missingString
        }

        public var description: String {
            switch self {
            case .notJSON(let message): "not JSON: \(message)"
            case .fieldsMissing: "lang, table, etag or labels missing"
            case .noEntries: "no entries: the server predates LabelClient"
            case .developmentNotAString: "development must be a string or null"
            case .entryFieldsMissing(let key): "entry \(key): source or lang missing"
            case .variablesNotAnObject(let key): "entry \(key): variables must be an object"
            case .malformedVariable(let key, let name): "entry \(key): variable \(name) is malformed"
            case .noLabel(let key): "entry \(key) has no label"
            case .malformedMarkup(let key?): "markup of \(key) is malformed"
            case .malformedMarkup(nil): "markup must be an object"
            case .invalidSource(let key?, _): "entry \(key): bad source"
            case .invalidSource(nil, let source): "bad source \(source ?? "")"
            case .unknownPluralCategory(let key, let category): "entry \(key): unknown plural category \(category)"
            case .invalidLanguage: "bad lang"
            case .invalidEntryLanguage(let key?): "entry \(key): bad lang"
            case .invalidEntryLanguage(nil): "bad entry lang"
            case .invalidDevelopmentLanguage: "bad development language"
            case .invalidTableName: "bad table name"
            case .otherTable(let table, let requested): "table \(table) answers a request for \(requested)"
            case .otherLanguage(let language, let requested): "language \(language) answers no request for \(requested)"
            case .entryLanguageOffChain(let entry, let language): "entry language \(entry) is not on the chain of \(language)"
            case .notACompactTable: "not a compact table"
            case .indexOutOfRange(.place, let value, let offset): "place \(value.map(String.init) ?? "") out of range at byte \(offset)"
            case .indexOutOfRange(.pluralCategory, _, let offset): "plural category out of range at byte \(offset)"
            case .countPastEnd(let count, let offset): "count \(count) past the end at byte \(offset)"
            case .truncated(.table, let offset): "compact table cut off at byte \(offset)"
            case .truncated(.string, let offset): "string cut off at byte \(offset)"
            case .truncated(.missingString, let offset): "missing string at byte \(offset)"
            case .trailingBytes(let count): "\(count) bytes after the table"
            case .notACacheFile: "not a cache file"
            case .noETag: "no ETag"
            }
        }
    }
}
