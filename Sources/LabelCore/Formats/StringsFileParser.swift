public import Foundation

/// Reads `.strings` files the way Apple's CoreFoundation reads them.
///
/// Accepted forms, as `CFBundle` accepts them:
/// - text (old-style plist): UTF-16 with a byte order mark (either order), or
///   UTF-8 (with or without its mark); `//` and `/* */` comments; quoted
///   (`"…"` or `'…'`) and unquoted (`[A-Za-z0-9_$/:.-]+`) tokens; `key = value;`
///   and the shorthand `key;` (value = key); escapes `\a \b \f \n \r \t \v`,
///   `\ooo` (octal, NeXTSTEP Latin), `\Uxxxx` (UTF-16 unit, so astral characters
///   are two escapes), and `\` before anything else meaning that character;
/// - a compiled binary property list (`bplist00`), as shipped in built apps;
/// - an XML property list.
///
/// Values are exactly CoreFoundation's, including where it silently stops
/// reading (a stray `#`, `;` or byte order mark before a key): the parse keeps
/// what came before, as CF does, and adds a warning with the position. A file
/// CF rejects is a `StringsParseError` with file, line and column.
///
/// Deliberate differences from CoreFoundation, each where CF's result is not a
/// usable table of Swift strings:
/// - an empty file (or only a byte order mark) is an empty table; CF fails;
/// - without a byte order mark the file must be UTF-8 (CF would guess another
///   encoding), and UTF-16 without a mark is reported as such;
/// - unpaired UTF-16 surrogates (in UTF-16 text or from `\U` escapes) are
///   errors; CF keeps the broken code unit;
/// - a value that is a dictionary, array or data is skipped with a warning; CF puts
///   it in the table, but `Bundle` ignores non-string values;
/// - a file holding a single string is an empty table with a warning; CF returns
///   that string, in which `Bundle` finds no strings;
/// - UTF-16 with an odd trailing byte: the byte is ignored (as CF does), with a warning;
/// - binary and XML entries come sorted by key, all located at 1:1.
public enum StringsFileParser {
    /// Parses one file. `file` is the name used in locations (e.g. the path
    /// relative to the store).
    public static func parse(_ data: Data, file: String) throws(StringsParseError) -> StringsFile {
        try parse(data, file: file, comments: false)
    }

    /// Parses one file; with `comments`, also the developer's comment right above each
    /// key (``StringsFile/comments``; text files only, a property list has none).
    package static func parse(_ data: Data, file: String, comments: Bool) throws(StringsParseError) -> StringsFile {
        let result: Result<StringsFile, StringsParseError> = data.withUnsafeBytes { bytes in
            do throws(StringsParseError) {
                return .success(try parse(bytes: bytes, data: data, file: file, comments: comments))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses bytes already in memory.
    public static func parse(_ bytes: [UInt8], file: String) throws(StringsParseError) -> StringsFile {
        try parse(Data(bytes), file: file)
    }

    private static func parse(bytes: UnsafeRawBufferPointer, data: Data, file: String,
                              comments: Bool) throws(StringsParseError) -> StringsFile {
        if bytes.starts(with: "bplist".utf8) {
            return try parsePropertyList(data, file: file, encoding: .binaryPropertyList)
        }
        let text = try decodeText(bytes, file: file)
        if looksLikeXML(text.units) {
            return try parsePropertyList(data, file: file, encoding: .xmlPropertyList)
        }
        return try text.units.withUnsafeBufferPointer { units throws(StringsParseError) in
            var scanner = StringsScanner(units: units, file: file)
            scanner.collectsComments = comments
            try scanner.parseFile()
            var warnings = scanner.warnings + duplicateWarnings(scanner.entries)
            if text.droppedTrailingByte {
                let lines = units.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
                warnings.append(ParseWarning(location: SourceLocation(file: file, line: lines, column: 1),
                                             message: "UTF-16 text ends with an odd byte; Apple's reader ignores it"))
            }
            var parsed = StringsFile(encoding: text.encoding, entries: scanner.entries, warnings: warnings)
            parsed.comments = scanner.comments
            return parsed
        }
    }

    /// Whether the text starts like an XML plist (`<?xml`, `<!DOCTYPE`, `<plist`),
    /// which CF tries before the old-style grammar.
    private static func looksLikeXML(_ units: [UInt16]) -> Bool {
        guard let first = units.firstIndex(where: { !($0 == 0x20 || (0x09...0x0D).contains($0)) }) else { return false }
        for prefix in ["<?xml", "<!DOCTYPE", "<plist"] {
            if units[first...].starts(with: prefix.utf16) { return true }
        }
        return false
    }

    /// One warning per repeated key, naming both lines; the later value wins.
    private static func duplicateWarnings(_ entries: [StringsFile.Entry]) -> [ParseWarning] {
        var firstLine: [String: Int] = [:]
        firstLine.reserveCapacity(entries.count)
        var warnings: [ParseWarning] = []
        for entry in entries {
            if let line = firstLine[entry.key] {
                warnings.append(ParseWarning(
                    location: entry.location,
                    message: "duplicate key \"\(entry.key)\" (first on line \(line)); this later value on line \(entry.location.line) wins"))
            } else {
                firstLine[entry.key] = entry.location.line
            }
        }
        return warnings
    }
}
