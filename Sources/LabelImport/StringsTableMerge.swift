import Foundation
import LabelCore

/// Merges imported values into a `.strings` file's text, as Xcode's import does:
/// imported keys get their new value where they stand, other statements (and
/// every comment, blank line and `// MARK:`) stay byte for byte, a unit's note
/// becomes the `/* comment */` above its entry (replacing the one there; a unit
/// without a note keeps it), new keys are appended, and the file keeps its encoding
/// (UTF-8 with or without a byte order mark, UTF-16 in either order).
///
/// The result is read back with LabelCore's parser and must give exactly the old
/// table with the imported values; anything else is refused, never written.
enum StringsTableMerge {
    struct Update: Hashable {
        var key: String
        var value: String
        /// The unit's note: the comment above the entry (a new one, or replacing the
        /// existing entry's); `nil` keeps an existing entry's comment.
        var comment: String?
    }

    /// The new bytes, or `nil` when nothing changes.
    static func merge(existing data: Data?, updates: [Update], file: String) throws(ImportRefusal) -> [UInt8]? {
        guard let data else { return updates.isEmpty ? nil : newFile(updates) }
        let old: StringsFile
        do { old = try StringsFileParser.parse(data, file: file) } catch {
            throw ImportRefusal(.existingUnreadable(detail: "\(error)"))
        }
        guard old.encoding != .binaryPropertyList, old.encoding != .xmlPropertyList else {
            throw ImportRefusal(.propertyListStrings(binary: old.encoding == .binaryPropertyList))
        }
        let changed = updates.filter { old.values[$0.key] != $0.value }
        let annotated = updates.filter { !($0.comment ?? "").isEmpty && old.values[$0.key] != nil }
        guard !changed.isEmpty || !annotated.isEmpty else { return nil }
        var units = decode(data, encoding: old.encoding)
        var lastEntry: [String: StringsFile.Entry] = [:]
        for entry in old.entries { lastEntry[entry.key] = entry }
        var splices: [(range: Range<Int>, text: [UInt16])] = []
        var appended: [Update] = []
        let starts = offsets(of: updates.compactMap { lastEntry[$0.key]?.location }, lineStarts: lineStarts(units), units: units)
        let comments = annotated.isEmpty ? [:] : commentsBeforeTokens(units)
        for update in updates {
            guard let entry = lastEntry[update.key], let start = starts[entry.location] else {
                appended.append(update)
                continue
            }
            if old.values[update.key] != update.value {
                guard let splice = valueSplice(units, at: start, value: update.value) else {
                    throw ImportRefusal(.valueNotFound(key: update.key, location: entry.location))
                }
                splices.append(splice)
            }
            // The unit's note replaces the comment above the entry; no note keeps it.
            if let note = update.comment, !note.isEmpty, let splice = commentSplice(units, at: start, existing: comments[start], note: note) {
                splices.append(splice)
            }
        }
        guard !splices.isEmpty || !appended.isEmpty else { return nil }
        units = Self.applying(splices, to: units)
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
            text += entryText(update)
        }
        return text
    }

    /// A new file of `updates` as UTF-8, built as bytes: for half a million entries the
    /// text and a copy of it would otherwise be held together.
    static func newFile(_ updates: [Update]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(updates.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + ($1.comment?.utf8.count ?? 0) + 16 })
        for (index, update) in updates.enumerated() {
            if index > 0 { bytes.append(0x0A) }
            bytes += entryText(update).utf8
        }
        return bytes
    }

    private static func entryText(_ update: Update) -> String {
        var text = ""
        if let comment = update.comment, !comment.isEmpty {
            text += "/* " + StringsFileWriter.commentSafe(comment) + " */\n"
        }
        return text + StringsFileWriter.quoted(update.key) + " = " + StringsFileWriter.quoted(update.value) + ";\n"
    }

    private static func verify(_ bytes: [UInt8], old: [String: String], updates: [Update], file: String) throws(ImportRefusal) {
        var expected = old
        for update in updates { expected[update.key] = update.value }
        let reread: StringsFile
        do { reread = try StringsFileParser.parse(bytes, file: file) } catch {
            throw ImportRefusal(.mergedUnreadable(kind: .strings, detail: "\(error)"))
        }
        guard reread.values == expected else { throw ImportRefusal(.mergedDiffers(kind: .strings)) }
    }

    // MARK: Text

    /// `elements` with each range replaced, in one pass (splices do not overlap).
    static func applying<T>(_ splices: [(range: Range<Int>, text: [T])], to elements: [T]) -> [T] {
        var result: [T] = []
        result.reserveCapacity(elements.count + splices.reduce(0) { $0 + $1.text.count })
        var next = 0
        for splice in splices.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            result += elements[next..<splice.range.lowerBound]
            result += splice.text
            next = splice.range.upperBound
        }
        result += elements[next...]
        return result
    }

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

    /// The unit offset of each parser location (columns count scalars), in one pass
    /// over the text in location order: a table on one line costs no more than one on many.
    private static func offsets(of locations: [SourceLocation], lineStarts: [Int], units: [UInt16]) -> [SourceLocation: Int] {
        var result: [SourceLocation: Int] = [:]
        var index = 0, line = 0, column = 1
        for location in locations.sorted(by: { ($0.line, $0.column) < ($1.line, $1.column) }) {
            guard location.line >= 1, location.line <= lineStarts.count else {
                result[location] = units.count
                continue
            }
            if location.line != line {
                line = location.line
                index = lineStarts[line - 1]
                column = 1
            }
            while column < location.column, index < units.count {
                index += 1
                if index < units.count, units[index] & 0xFC00 == 0xDC00 { index += 1 }
                column += 1
            }
            result[location] = index
        }
        return result
    }
}
