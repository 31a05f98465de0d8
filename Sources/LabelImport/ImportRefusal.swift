package import LabelCore

/// Why one output file of an import is refused: the whole import then writes nothing.
/// The reason carries the values (a path, a key, a reader's own message); ``code`` is
/// stable for scripts, ``description`` the sentence of the text and JSON reports.
package struct ImportRefusal: Error, Sendable, Hashable, CustomStringConvertible, StableCode {
    package enum Reason: Sendable, Hashable {
        /// A store file this output reads (`path`, relative to the bundle folder) is
        /// larger than ``XLIFFReader/maximumBytes``.
        case existingTooLarge(path: String, bytes: Int, limit: Int)
        /// A store file this output reads cannot be opened (the system's message).
        case existingUnopenable(path: String, detail: String)
        /// The existing file does not parse (the reader's message).
        case existingUnreadable(detail: String)
        /// A `.stringsdict` other than the output's (the development language's) does
        /// not parse.
        case tableUnreadable(path: String, detail: String)
        /// The same language's `.stringsdict` beside a `.strings` output does not parse.
        case besideUnreadable(detail: String)
        /// The existing `.strings` is a property list (binary or XML), not text.
        case propertyListStrings(binary: Bool)
        /// The existing `.strings` entry's value could not be found where the reader put it.
        case valueNotFound(key: String, location: SourceLocation)
        /// The existing `.stringsdict` is not UTF-8 throughout.
        case existingNotUTF8
        /// The existing `.stringsdict` holds a character XML 1.0 cannot hold
        /// (`scalar`: its hexadecimal code point, `FFFE`).
        case existingNonXMLCharacter(scalar: String)
        /// The existing `.stringsdict` is not XML this import can merge (the reader's message).
        case existingNotXML(detail: String)
        /// The existing `.stringsdict` is not a `<plist>` holding one `<dict>`.
        case existingNotOneDictionary
        /// The existing `.stringsdict`'s root `<dict>` has another element where a `<key>` belongs.
        case existingMisplacedElement(name: String)
        /// A `.stringsdict` entry has no translated `NSStringLocalizedFormatKey` and the
        /// language's file none to keep (`place`: the routed variants, when any).
        case noFormatKey(key: String, place: String?)
        /// A String Catalog unit for a catalog the bundle folder does not have.
        case catalogMissing(path: String)
        /// The existing String Catalog is not JSON this import reads.
        case catalogNotJSON(offset: Int, detail: String)
        /// The existing String Catalog has no `sourceLanguage`.
        case catalogWithoutSourceLanguage
        /// The merged catalog would change another language than the imported one.
        case catalogOtherLanguagesChanged(language: String)
        /// The merged file would not parse with LabelCore's reader (the reader's message).
        case mergedUnreadable(kind: StoreFileKind, detail: String)
        /// The merged file parses, but not as the merged values.
        case mergedDiffers(kind: StoreFileKind)
    }

    package var reason: Reason

    package init(_ reason: Reason) { self.reason = reason }

    package var code: String {
        switch reason {
        case .existingTooLarge: "existing-too-large"
        case .existingUnopenable: "existing-unopenable"
        case .existingUnreadable: "existing-unreadable"
        case .tableUnreadable: "table-unreadable"
        case .besideUnreadable: "beside-unreadable"
        case .propertyListStrings: "property-list-strings"
        case .valueNotFound: "value-not-found"
        case .existingNotUTF8: "existing-not-utf8"
        case .existingNonXMLCharacter: "existing-non-xml-character"
        case .existingNotXML: "existing-not-xml"
        case .existingNotOneDictionary: "existing-not-one-dictionary"
        case .existingMisplacedElement: "existing-misplaced-element"
        case .noFormatKey: "no-format-key"
        case .catalogMissing: "catalog-missing"
        case .catalogNotJSON: "catalog-not-json"
        case .catalogWithoutSourceLanguage: "catalog-without-source-language"
        case .catalogOtherLanguagesChanged: "catalog-other-languages-changed"
        case .mergedUnreadable: "merged-unreadable"
        case .mergedDiffers: "merged-differs"
        }
    }

    /// The sentence of the reports (`— refused: …`, `"refusal"`).
    package var description: String {
        switch reason {
        case .existingTooLarge(let path, let bytes, let limit): "\(path) has \(bytes) bytes; at most \(limit) are merged"
        case .existingUnopenable(let path, let detail): "cannot read \(path): \(detail)"
        case .existingUnreadable(let detail): "the existing file cannot be read: \(detail)"
        case .tableUnreadable(let path, let detail): "\(path) cannot be read: \(detail)"
        case .besideUnreadable(let detail): "cannot read a .stringsdict beside it: \(detail)"
        case .propertyListStrings(let binary):
            "the existing file is a \(binary ? "binary" : "XML") property list; only text .strings files are merged"
        case .valueNotFound(let key, let location): "cannot find the value of \"\(key)\" at \(location)"
        case .existingNotUTF8: "the existing file is not UTF-8 throughout (an XML property list this import merges is)"
        case .existingNonXMLCharacter(let scalar): "the existing file holds U+\(scalar), which XML 1.0 cannot hold"
        case .existingNotXML(let detail): "the existing file is not an XML property list this import can merge: \(detail)"
        case .existingNotOneDictionary: "the existing file is not a <plist> holding one <dict>"
        case .existingMisplacedElement(let name): "the existing file's <dict> has <\(name)> where a <key> belongs"
        case .noFormatKey(let key, let place):
            "\"\(key)\"\(place.map { " (\($0))" } ?? ""): no NSStringLocalizedFormatKey translated, and the language has none"
        case .catalogMissing(let path):
            "\(path) does not exist; String Catalog units are imported into the catalog they were exported from"
        case .catalogNotJSON(let offset, let detail): "the existing catalog is not JSON this import reads (byte \(offset): \(detail))"
        case .catalogWithoutSourceLanguage: "the existing catalog has no sourceLanguage"
        case .catalogOtherLanguagesChanged(let language): "the merged catalog would change languages other than \(language)"
        case .mergedUnreadable(let kind, let detail): "the merged \(kind == .catalog ? "catalog" : "file") would not read back: \(detail)"
        case .mergedDiffers(let kind): "the merged file would not read back as the merged \(kind == .strings ? "table" : "entries")"
        }
    }
}
