import LabelCore

extension StringsTableMerge {
    /// The range of the value token of the statement whose key starts at `start`,
    /// with the quoted new value; for `key;` the `= "value"` to insert before `;`.
    static func valueSplice(_ units: [UInt16], at start: Int, value: String) -> (range: Range<Int>, text: [UInt16])? {
        let quoted = Array(StringsFileWriter.quoted(value).utf16)
        guard let keyEnd = tokenEnd(units, at: start) else { return nil }
        guard let afterKey = skipSpaceAndComments(units, from: keyEnd), afterKey < units.count else { return nil }
        if units[afterKey] == Self.unit(";") {
            return (afterKey..<afterKey, Array(" = ".utf16) + quoted)
        }
        guard units[afterKey] == Self.unit("="),
            let valueStart = skipSpaceAndComments(units, from: afterKey + 1), valueStart < units.count,
            let valueEnd = tokenEnd(units, at: valueStart)
        else { return nil }
        return (valueStart..<valueEnd, quoted)
    }

    /// For each token directly preceded by a `/* */` comment (only whitespace between),
    /// the comment's range by the token's start; one pass, strings and comments skipped
    /// as the parser skips them.
    static func commentsBeforeTokens(_ units: [UInt16]) -> [Int: Range<Int>] {
        var result: [Int: Range<Int>] = [:]
        var last: Range<Int>?
        var index = 0
        while index < units.count {
            let unit = units[index]
            let next = index + 1 < units.count ? units[index + 1] : 0
            if unit == 0x20 || (0x09...0x0D).contains(unit) {
                index += 1
            } else if unit == Self.unit("/"), next == Self.unit("*") {
                var end = index + 2
                while end + 1 < units.count, !(units[end] == Self.unit("*") && units[end + 1] == Self.unit("/")) { end += 1 }
                guard end + 1 < units.count else { break }
                last = index..<(end + 2)
                index = end + 2
            } else if unit == Self.unit("/"), next == Self.unit("/") {
                while index < units.count, units[index] != 0x0A, units[index] != 0x0D { index += 1 }
                last = nil
            } else {
                if let last { result[index] = last }
                last = nil
                index = tokenEnd(units, at: index) ?? index + 1
            }
        }
        return result
    }

    /// The splice that puts `/* note */` above the statement whose key starts at `start`:
    /// replacing the comment directly before it, or on a line of its own before it; `nil`
    /// when that comment is already the note.
    static func commentSplice(_ units: [UInt16], at start: Int, existing: Range<Int>?, note: String) -> (range: Range<Int>, text: [UInt16])? {
        let text = Array(("/* " + StringsFileWriter.commentSafe(note) + " */").utf16)
        if let existing {
            return units[existing].elementsEqual(text) ? nil : (existing, text)
        }
        var lineStart = start
        while lineStart > 0, units[lineStart - 1] == 0x20 || units[lineStart - 1] == 0x09 { lineStart -= 1 }
        if lineStart == 0 || units[lineStart - 1] == 0x0A || units[lineStart - 1] == 0x0D {
            return (lineStart..<lineStart, text + Array("\n".utf16))
        }
        return (start..<start, text + Array(" ".utf16))
    }

    /// The end of the quoted or unquoted token at `start`.
    private static func tokenEnd(_ units: [UInt16], at start: Int) -> Int? {
        guard start < units.count else { return nil }
        let first = units[start]
        if first == Self.unit("\"") || first == Self.unit("'") {
            var index = start + 1
            while index < units.count {
                if units[index] == Self.unit("\\") {
                    index += 2
                    continue
                }
                if units[index] == first { return index + 1 }
                index += 1
            }
            return nil
        }
        var index = start
        while index < units.count, isUnquoted(units[index]) { index += 1 }
        return index > start ? index : nil
    }

    private static func skipSpaceAndComments(_ units: [UInt16], from start: Int) -> Int? {
        var index = start
        while index < units.count {
            let unit = units[index]
            if unit == 0x20 || (0x09...0x0D).contains(unit) {
                index += 1
            } else if unit == Self.unit("/"), index + 1 < units.count, units[index + 1] == Self.unit("*") {
                var end = index + 2
                while end + 1 < units.count, !(units[end] == Self.unit("*") && units[end + 1] == Self.unit("/")) { end += 1 }
                guard end + 1 < units.count else { return nil }
                index = end + 2
            } else if unit == Self.unit("/"), index + 1 < units.count, units[index + 1] == Self.unit("/") {
                while index < units.count, units[index] != 0x0A, units[index] != 0x0D { index += 1 }
            } else {
                return index
            }
        }
        return index
    }

    private static func unit(_ scalar: Unicode.Scalar) -> UInt16 { UInt16(scalar.value) }

    /// `[A-Za-z0-9_$/:.-]`, the characters of an unquoted token.
    private static func isUnquoted(_ unit: UInt16) -> Bool {
        guard unit < 0x80 else { return false }
        let scalar = Unicode.Scalar(UInt8(unit))
        return ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            || "_$/:.-".unicodeScalars.contains(scalar)
    }
}
