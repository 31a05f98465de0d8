import Foundation

extension StringsFileParser {
    /// Binary and XML `.strings` go through Foundation's reader; the result
    /// must be a dictionary of strings. Entries are sorted by key, since a
    /// dictionary has no order; duplicates cannot be seen in these forms.
    static func parsePropertyList(_ data: Data, file: String, encoding: StringsFile.Encoding) throws(StringsParseError) -> StringsFile {
        let start = SourceLocation(file: file, line: 1, column: 1)
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            let message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw StringsParseError(location: start, reason: .invalidPropertyList(message))
        }
        guard let dictionary = plist as? [String: Any] else {
            throw StringsParseError(location: start, reason: .notAStringDictionary("the top level is \(type(of: plist)), not a dictionary"))
        }
        var entries: [StringsFile.Entry] = []
        entries.reserveCapacity(dictionary.count)
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            guard let string = value as? String else {
                throw StringsParseError(location: start, reason: .notAStringDictionary("the value of \"\(key)\" is not a string"))
            }
            entries.append(StringsFile.Entry(key: key, value: string, location: start))
        }
        return StringsFile(encoding: encoding, entries: entries)
    }
}
