/// A `.stringsdict` or `.xcstrings` file that cannot be read at all.
///
/// Problems confined to one entry are `ParseWarning`s instead, so one bad entry
/// never costs the rest of the file.
public struct StoreFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why a file was rejected.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// Foundation could not read the property list; carries its message.
        case invalidPropertyList(String)
        /// The top level of a `.stringsdict` is not a dictionary with string keys.
        case notADictionary
        /// The data is not JSON; carries the parser's message.
        case invalidJSON(String)
        /// A String Catalog value has the wrong JSON type (`strings.Key.localizations`).
        case unexpectedType(path: String, expected: String)
        /// A String Catalog lacks a field it cannot do without (`sourceLanguage`).
        case missingField(path: String)

        public var description: String {
            switch self {
            case .invalidPropertyList(let message): "not a valid property list: \(message)"
            case .notADictionary: "the top level of a .stringsdict must be a dictionary"
            case .invalidJSON(let message): "not valid JSON: \(message)"
            case .unexpectedType(let path, let expected): "\(path) must be \(expected)"
            case .missingField(let path): "missing \(path)"
            }
        }
    }

    /// Where the problem is; line 1, column 1 when the reader cannot tell.
    public var location: SourceLocation
    public var reason: Reason

    public init(location: SourceLocation, reason: Reason) {
        self.location = location
        self.reason = reason
    }

    public var description: String { "\(location): error: \(reason)" }
}
