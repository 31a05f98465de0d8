/// The parsed content of one `.strings` file, in file order.
///
/// `entries` keeps every statement, duplicates included, so `lint` can point at
/// each one; `values` is the table Apple's reader builds from them (the later of
/// two duplicate keys wins).
public struct StringsFile: Sendable, Hashable {
    /// How the file was stored.
    public enum Encoding: String, Sendable {
        /// Text with no byte order mark, or with the UTF-8 one.
        case utf8
        /// Text starting with the byte order mark `FF FE`.
        case utf16LittleEndian
        /// Text starting with the byte order mark `FE FF`.
        case utf16BigEndian
        /// A compiled `bplist00` dictionary, as Xcode ships inside built bundles.
        case binaryPropertyList
        /// An XML property list dictionary.
        case xmlPropertyList
    }

    /// One `key = value;` statement (or `key;`, whose value is the key).
    public struct Entry: Sendable, Hashable {
        public var key: String
        public var value: String
        /// Where the key starts (its opening quote, if quoted). Property-list
        /// forms have no lines, so their entries all point at 1:1.
        public var location: SourceLocation

        public init(key: String, value: String, location: SourceLocation) {
            self.key = key
            self.value = value
            self.location = location
        }
    }

    public var encoding: Encoding
    /// Every statement in file order, duplicates included.
    public var entries: [Entry]
    /// Findings that do not change the values: duplicate keys, text Apple's
    /// reader silently ignores, escapes it reads differently than intended.
    public var warnings: [ParseWarning]
    /// Key to value, as Apple's reader returns them: the last duplicate wins.
    public var values: [String: String]
    /// Key to the developer's comment right above it (``DeveloperComment``), when the
    /// file was parsed for comments (`StringsFileParser.parse(_:file:comments:)`).
    package var comments: [String: String] = [:]

    /// Creates a file from its entries; `values` is derived from them (last duplicate wins).
    public init(encoding: Encoding, entries: [Entry], warnings: [ParseWarning] = []) {
        self.encoding = encoding
        self.entries = entries
        self.warnings = warnings
        var values: [String: String] = [:]
        values.reserveCapacity(entries.count)
        for entry in entries {
            values[entry.key] = entry.value
        }
        self.values = values
    }
}
