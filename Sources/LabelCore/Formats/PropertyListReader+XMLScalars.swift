extension XMLPropertyListScanner {
    /// `<integer>`, `<real>`, `<date>`, `<data>` in their canonical forms only;
    /// CoreFoundation's laxer readings (hex, `+5`, `nan`, a month 13 it rolls
    /// over, base64 with stray characters) are `unsupported`, left to Foundation.
    mutating func readScalar(_ name: String) throws(PropertyListReadError) -> PropertyListValue {
        let start = offset
        let text = try scalarText(closing: name)
        let value: PropertyListValue? = switch name {
        case "integer": Self.integer(text).map(PropertyListValue.integer)
        case "real": Self.real(text).map(PropertyListValue.real)
        case "date": Self.date(text).map(PropertyListValue.date)
        default: Self.base64(text).map(PropertyListValue.data)
        }
        guard let value else {
            throw PropertyListReadError(offset: start, reason: .unsupported("<\(name)> \"\(text)\" not in canonical form"))
        }
        return value
    }

    static func integer(_ text: String) -> Int64? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int64(text)
    }

    static func real(_ text: String) -> Double? {
        var rest = Substring(text)
        if rest.first == "-" { rest = rest.dropFirst() }
        func digits() -> Int {
            let count = rest.prefix { $0.isASCII && $0.isNumber }.count
            rest = rest.dropFirst(count)
            return count
        }
        guard digits() > 0 else { return nil }
        if rest.first == "." {
            rest = rest.dropFirst()
            guard digits() > 0 else { return nil }
        }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
            guard digits() > 0 else { return nil }
        }
        guard rest.isEmpty, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, a real calendar date, as seconds since 2001-01-01.
    static func date(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), hour < 24, minute < 60, second < 60, year >= 1
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...lengths[month - 1]).contains(day) else { return nil }
        // Days from the civil date (proleptic Gregorian), relative to 2001-01-01.
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468 - 11_323
        return Double(days * 86_400 + hour * 3_600 + minute * 60 + second)
    }

    /// Strict base64 (whitespace allowed between characters, padding only at the end).
    static func base64(_ text: String) -> [UInt8]? {
        var sextets: [UInt8] = []
        var padding = 0
        for byte in text.utf8 {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: "="): padding += 1
            default:
                guard padding == 0, let value = base64Value(byte) else { return nil }
                sextets.append(value)
            }
        }
        guard (sextets.count + padding) % 4 == 0, padding <= 2, padding == 0 || sextets.count % 4 != 0 else { return nil }
        var out: [UInt8] = []
        var accumulator: UInt32 = 0
        var bits = 0
        for sextet in sextets {
            accumulator = accumulator << 6 | UInt32(sextet)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return out
    }

    private static func base64Value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
