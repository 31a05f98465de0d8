import Foundation

extension StringsFileParser {
    /// Binary and XML `.strings` go through ``PropertyListReader`` (Foundation's
    /// reader for what it leaves, and for the error message); the result
    /// must be a dictionary (non-string values are skipped with a warning). Entries are sorted by key, since a
    /// dictionary has no order; duplicates cannot be seen in these forms.
    static func parsePropertyList(_ data: Data, file: String, encoding: StringsFile.Encoding) throws(StringsParseError) -> StringsFile {
        let start = SourceLocation(file: file, line: 1, column: 1)
        let plist: PropertyListValue
        do {
            plist = try PropertyListValue.read(data)
        } catch {
            let message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw StringsParseError(location: start, reason: .invalidPropertyList(message))
        }
        guard let dictionary = plist.dictionary else {
            // Rare: the message names Foundation's own type for the value, as it always has.
            let foundation = (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) ?? plist
            throw StringsParseError(location: start, reason: .notAStringDictionary("the top level is \(type(of: foundation)), not a dictionary"))
        }
        var entries: [StringsFile.Entry] = []
        var warnings: [ParseWarning] = []
        entries.reserveCapacity(dictionary.count)
        var keyLocation: (String) -> SourceLocation = { _ in start }
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            guard let string = value.string else {
                // Bundle ignores non-string values; skip the key, keep the rest.
                if encoding == .xmlPropertyList, warnings.isEmpty {
                    let offsets = PlistKeyLocator.keyOffsets(in: data)
                    let lines = UTF8LineIndex(data)
                    keyLocation = { key in offsets[[key]].map { lines.location(ofByte: $0, file: file) } ?? start }
                }
                warnings.append(ParseWarning(
                    location: keyLocation(key),
                    message: "the value of \"\(key)\" is not a string; Apple's Bundle ignores it, so the key is skipped"))
                continue
            }
            entries.append(StringsFile.Entry(key: key, value: string, location: start))
        }
        return StringsFile(encoding: encoding, entries: entries, warnings: warnings)
    }
}
