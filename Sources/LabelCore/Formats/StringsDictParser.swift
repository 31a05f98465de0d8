public import Foundation

/// Reads `.stringsdict` property lists into `LocalizedString`s.
///
/// ``PropertyListReader`` decodes XML and binary plists, and Foundation's
/// `PropertyListSerialization` whatever that reader leaves to it (old-style
/// plists, UTF-16 XML, errors, whose messages stay Foundation's); this type
/// interprets the result as Apple's localized-string rules do:
/// - an entry whose value is a string is a plain template;
/// - an entry dictionary has `NSStringLocalizedFormatKey` and, per `%#@name@`
///   variable, an `NSStringPluralRuleType` dictionary with
///   `NSStringFormatValueTypeKey` (stored without a leading `%`, which Mastodon's
///   Intents file writes) and zero/one/two/few/many/other texts;
/// - `NSStringVariableWidthRuleType` entries serve their widest variant, and
///   `NSStringDeviceSpecificRuleType` entries their `iphone` variant (else
///   `other`, else the first device in sorted order): the clients are phones and
///   the server knows no display width.
///
/// Problems confined to an entry are warnings: an entry without
/// `NSStringLocalizedFormatKey`, or with a rule type other than plural, is
/// skipped; an entry that refers to an undefined variable is kept (the renderer
/// prints such a specifier literally), as is one defining a variable it never uses.
public enum StringsDictParser {
    static let formatKey = "NSStringLocalizedFormatKey"
    static let specTypeKey = "NSStringFormatSpecTypeKey"
    static let valueTypeKey = "NSStringFormatValueTypeKey"
    static let pluralRuleType = "NSStringPluralRuleType"
    static let widthRuleType = "NSStringVariableWidthRuleType"
    static let deviceRuleType = "NSStringDeviceSpecificRuleType"

    /// Parses a whole file; `file` names it in errors and warnings.
    ///
    /// - Throws: `StoreFileError` when the data is not a property list or its
    ///   top level is not a dictionary.
    public static func parse(_ data: Data, file: String) throws(StoreFileError) -> StringsDictFile {
        let plist: PropertyListValue
        do {
            plist = try PropertyListValue.read(data)
        } catch {
            let message = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String)
                ?? (error as NSError).localizedDescription
            throw StoreFileError(location: location(ofPlistError: message, in: data, file: file),
                                 reason: .invalidPropertyList(message))
        }
        guard let root = plist.dictionary else {
            throw StoreFileError(location: SourceLocation(file: file, line: 1, column: 1), reason: .notADictionary)
        }
        var reader = EntryReader()
        var entries: [String: LocalizedString] = [:]
        for key in root.keys.sorted() {
            if let entry = reader.entry(root[key]!, path: [key]) {
                entries[key] = entry
            }
        }
        return StringsDictFile(entries: entries, warnings: reader.warnings(in: data, file: file))
    }

    /// Where Foundation says the plist broke: its messages end in "line N"
    /// (XML reader) or "on line N"; nothing more precise is available.
    private static func location(ofPlistError message: String, in data: Data, file: String) -> SourceLocation {
        let words = message.split(whereSeparator: { !$0.isNumber && !$0.isLetter })
        if let lineWord = words.lastIndex(of: "line"), lineWord + 1 < words.count, let line = Int(words[lineWord + 1]) {
            return UTF8LineIndex(data).location(ofLine: line, file: file)
        }
        return SourceLocation(file: file, line: 1, column: 1)
    }
}
