package import LabelCore

/// Why an XLIFF file was refused, and where: nothing of it is imported.
package struct XLIFFReadError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Reason: Sendable, Hashable, CustomStringConvertible, StableCode {
        /// The file could not be opened or read (the system's message).
        case unreadable(String)
        /// The input is larger than ``XLIFFReader/maximumBytes``.
        case tooLarge(bytes: Int, limit: Int)
        /// Not UTF-8 (XLIFF from Xcode and CAT tools is UTF-8).
        case notUTF8
        /// `<!DOCTYPE …>`: a DTD can declare entities; refused as the store reader refuses them.
        case documentTypeDeclaration
        /// `<!ENTITY …>` or a reference to an entity that is not one of XML's five.
        case entity(String)
        /// The bytes break XML's rules (unclosed or mismatched tags, stray text…).
        case malformed(String)
        /// Well-formed XML that is not XLIFF 1.2 as Xcode writes it.
        case notXLIFF(String)
        /// `target-language` (or `source-language`) is not a BCP 47 tag.
        case invalidLanguage(String)
        /// `original` names a path outside the bundle or a table no store file could have.
        case pathLikeOriginal(String)
        /// A `trans-unit` id is neither a key nor one of Xcode's id forms for its file's kind.
        case unknownID(String)

        package var code: String {
            switch self {
            case .unreadable: "unreadable"
            case .tooLarge: "too-large"
            case .notUTF8: "not-utf8"
            case .documentTypeDeclaration: "doctype"
            case .entity: "entity"
            case .malformed: "malformed-xml"
            case .notXLIFF: "not-xliff"
            case .invalidLanguage: "invalid-language"
            case .pathLikeOriginal: "path-like-original"
            case .unknownID: "unknown-id"
            }
        }

        package var description: String {
            switch self {
            case .unreadable(let message): "cannot read the file: \(message)"
            case .tooLarge(let bytes, let limit): "the file has \(bytes) bytes; at most \(limit) are read"
            case .notUTF8: "not UTF-8 text"
            case .documentTypeDeclaration: "a DOCTYPE (DTD) is refused: XLIFF needs none, and it could declare entities"
            case .entity(let what): "entity \(what) refused: only &amp; &lt; &gt; &quot; &apos; and character references are read"
            case .malformed(let what): "malformed XML: \(what)"
            case .notXLIFF(let what): "not XLIFF 1.2: \(what)"
            case .invalidLanguage(let tag): "\"\(tag)\" is not a BCP 47 language tag"
            case .pathLikeOriginal(let original): "original \"\(original)\" is path-like (absolute, `..`, or no usable table name)"
            case .unknownID(let id): "trans-unit id \"\(id)\" is neither a key nor a known Xcode id form for this file's kind"
            }
        }
    }

    /// File, 1-based line and column (Unicode scalars) of the fault.
    package var location: SourceLocation
    package var reason: Reason

    package init(location: SourceLocation, reason: Reason) {
        self.location = location
        self.reason = reason
    }

    /// `fr.xliff:12:7: malformed XML: …`
    package var description: String { "\(location): \(reason)" }
}
