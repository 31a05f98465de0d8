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
