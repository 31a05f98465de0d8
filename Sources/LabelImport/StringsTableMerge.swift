import Foundation
import LabelCore

/// Merges imported values into a `.strings` file's text, as Xcode's import does:
/// imported keys get their new value where they stand, other statements (and
/// every comment, blank line and `// MARK:`) stay byte for byte, new keys are
/// appended with their note as `/* comment */`, and the file keeps its encoding
/// (UTF-8 with or without a byte order mark, UTF-16 in either order).
///
/// The result is read back with LabelCore's parser and must give exactly the old
/// table with the imported values; anything else is refused, never written.
enum StringsTableMerge {
    struct Update: Hashable {
        var key: String
        var value: String
        /// The note for a new entry's comment (an existing entry keeps its comment).
        var comment: String?
    }

    /// The new bytes, or `nil` when nothing changes.
    static func merge(existing data: Data?, updates: [Update], file: String) throws(ImportRefusal) -> [UInt8]? {
        guard let data else { return updates.isEmpty ? nil : Array(newEntries(updates, leadingNewline: false).utf8) }
        let old: StringsFile
        do { old = try StringsFileParser.parse(data, file: file) } catch {
            throw ImportRefusal("the existing file cannot be read: \(error)")
        }
        guard old.encoding != .binaryPropertyList, old.encoding != .xmlPropertyList else {
            throw ImportRefusal("the existing file is a \(old.encoding == .binaryPropertyList ? "binary" : "XML") property list; only text .strings files are merged")
        }
        let changed = updates.filter { old.values[$0.key] != $0.value }
        guard !changed.isEmpty else { return nil }
        var units = decode(data, encoding: old.encoding)
        var lastEntry: [String: StringsFile.Entry] = [:]
        for entry in old.entries { lastEntry[entry.key] = entry }
        var splices: [(range: Range<Int>, text: [UInt16])] = []
        var appended: [Update] = []
        let lines = lineStarts(units)
        for update in changed {
            guard let entry = lastEntry[update.key] else {
                appended.append(update)
                continue
            }
            guard let splice = valueSplice(units, at: offset(of: entry.location, lineStarts: lines, units: units), value: update.value) else {
                throw ImportRefusal("cannot find the value of \"\(update.key)\" at \(entry.location)")
            }
            splices.append(splice)
        }
        for splice in splices.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            units.replaceSubrange(splice.range, with: splice.text)
        }
        if !appended.isEmpty {
            let needsNewline = !(units.last.map { $0 == 0x0A || $0 == 0x0D } ?? true)
            units += Array((needsNewline ? "\n" : "").utf16) + Array(newEntries(appended, leadingNewline: !units.isEmpty).utf16)
        }
        let bytes = encode(units, encoding: old.encoding, hadByteOrderMark: data.starts(with: [0xEF, 0xBB, 0xBF]))
        try verify(bytes, old: old.values, updates: changed, file: file)
        return bytes
    }

    /// `/* note */` and `"key" = "value";` per entry, a blank line between, as Xcode writes them.
    static func newEntries(_ updates: [Update], leadingNewline: Bool) -> String {
        var text = ""
        for (index, update) in updates.enumerated() {
            if index > 0 || leadingNewline { text += "\n" }
            if let comment = update.comment, !comment.isEmpty {
                text += "/* " + StringsFileWriter.commentSafe(comment) + " */\n"
            }
            text += StringsFileWriter.quoted(update.key) + " = " + StringsFileWriter.quoted(update.value) + ";\n"
        }
        return text
    }

    private static func verify(_ bytes: [UInt8], old: [String: String], updates: [Update], file: String) throws(ImportRefusal) {
        var expected = old
        for update in updates { expected[update.key] = update.value }
        let reread: StringsFile
        do { reread = try StringsFileParser.parse(bytes, file: file) } catch {
            throw ImportRefusal("the merged file would not read back: \(error)")
        }
        guard reread.values == expected else { throw ImportRefusal("the merged file would not read back as the merged table") }
    }

    // MARK: Text

    private static func decode(_ data: Data, encoding: StringsFile.Encoding) -> [UInt16] {
        let bytes = [UInt8](data)
        switch encoding {
        case .utf16LittleEndian, .utf16BigEndian:
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var index = 2
            while index + 1 < bytes.count {
                let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
                units.append(encoding == .utf16BigEndian ? first << 8 | second : second << 8 | first)
                index += 2
            }
            return units
        default:
            let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            return Array(String(decoding: bytes[start...], as: UTF8.self).utf16)
        }
    }

    private static func encode(_ units: [UInt16], encoding: StringsFile.Encoding, hadByteOrderMark: Bool) -> [UInt8] {
        switch encoding {
        case .utf16LittleEndian, .utf16BigEndian:
            let big = encoding == .utf16BigEndian
            var bytes: [UInt8] = big ? [0xFE, 0xFF] : [0xFF, 0xFE]
            bytes.reserveCapacity(units.count * 2 + 2)
            for unit in units {
                let high = UInt8(unit >> 8), low = UInt8(unit & 0xFF)
                bytes += big ? [high, low] : [low, high]
            }
            return bytes
        default:
            // The units came from valid text and only whole scalars were spliced in.
            return (hadByteOrderMark ? [0xEF, 0xBB, 0xBF] : []) + Array(String(decoding: units, as: UTF16.self).utf8)
        }
    }

    /// Offsets where each line starts; lines end at `\n`, `\r` or `\r\n`, as the parser counts them.
    private static func lineStarts(_ units: [UInt16]) -> [Int] {
        var starts = [0]
        var index = 0
        while index < units.count {
            if units[index] == 0x0D, index + 1 < units.count, units[index + 1] == 0x0A { index += 1 }
            if units[index] == 0x0A || units[index] == 0x0D { starts.append(index + 1) }
            index += 1
        }
        return starts
    }

    /// The unit offset of a parser location (columns count scalars).
    private static func offset(of location: SourceLocation, lineStarts: [Int], units: [UInt16]) -> Int {
        guard location.line >= 1, location.line <= lineStarts.count else { return units.count }
        var index = lineStarts[location.line - 1]
        var column = 1
        while column < location.column, index < units.count {
            index += 1
            if index < units.count, units[index] & 0xFC00 == 0xDC00 { index += 1 }
            column += 1
        }
        return index
    }
}
