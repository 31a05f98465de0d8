import LabelCore

extension JSONDocument {
    struct ReadError: Error {
        var offset: Int
        var reason: String
    }

    static let maximumDepth = 64

    /// Strict JSON (RFC 8259) from UTF-8 bytes.
    static func read(_ bytes: [UInt8]) throws(ReadError) -> JSONDocument {
        var reader = Reader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == bytes.count else { throw ReadError(offset: reader.index, reason: "text after the JSON value") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        func fail(_ reason: String) -> ReadError { ReadError(offset: index, reason: reason) }

        mutating func value(depth: Int) throws(ReadError) -> JSONDocument {
            guard depth < JSONDocument.maximumDepth else { throw fail("nested deeper than \(JSONDocument.maximumDepth)") }
            skipSpace()
            guard index < bytes.count else { throw fail("unexpected end of input") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""):
                let (text, raw) = try string()
                return .string(text, raw: raw)
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default: return try number()
            }
        }

        mutating func literal(_ word: String, _ value: JSONDocument) throws(ReadError) -> JSONDocument {
            let length = word.utf8.count
            guard index + length <= bytes.count, bytes[index..<(index + length)].elementsEqual(word.utf8) else { throw fail("invalid literal") }
            index += length
            return value
        }

        mutating func object(depth: Int) throws(ReadError) -> JSONDocument {
            index += 1
            var members: [Member] = []
            // Names seen, for the repeated-member check in one pass (not pairwise).
            var names: Set<String> = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object([])
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
                let (key, _) = try string()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                index += 1
                guard names.insert(key).inserted else { throw fail("member \"\(key)\" repeated") }
                members.append(Member(key: key, value: try value(depth: depth + 1)))
                skipSpace()
                guard index < bytes.count else { throw fail("unexpected end of input in an object") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
                index += 1
                return .object(members)
            }
        }

        mutating func array(depth: Int) throws(ReadError) -> JSONDocument {
            index += 1
            var elements: [JSONDocument] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array([])
            }
            while true {
                elements.append(try value(depth: depth + 1))
                skipSpace()
                guard index < bytes.count else { throw fail("unexpected end of input in an array") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
                index += 1
                return .array(elements)
            }
        }

        mutating func number() throws(ReadError) -> JSONDocument {
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            func digits() -> Int {
                let from = index
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
                return index - from
            }
            let integer = digits()
            guard integer > 0, integer == 1 || bytes[index - integer] != 0x30 else { throw fail("invalid number") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw fail("invalid number") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw fail("invalid number") }
            }
            return .number(String(decoding: bytes[start..<index], as: UTF8.self))
        }

        /// The decoded text and the raw text between the quotes.
        mutating func string() throws(ReadError) -> (String, String) {
            index += 1
            let start = index
            var units: [UInt16] = []
            var plain: [UInt8] = []
            while true {
                guard index < bytes.count else { throw fail("unterminated string") }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { break }
                guard byte >= 0x20 else { throw fail("control character in a string") }
                if byte != UInt8(ascii: "\\") {
                    plain.append(byte)
                    index += 1
                    continue
                }
                units += String(decoding: plain, as: UTF8.self).utf16
                plain.removeAll()
                try escape(into: &units)
            }
            units += String(decoding: plain, as: UTF8.self).utf16
            let raw = String(decoding: bytes[start..<index], as: UTF8.self)
            index += 1
            guard let text = String(validating: units, as: UTF16.self) else { throw fail("unpaired surrogate in a string") }
            return (text, raw)
        }

        mutating func escape(into units: inout [UInt16]) throws(ReadError) {
            guard index + 1 < bytes.count else { throw fail("unterminated escape") }
            let code = bytes[index + 1]
            index += 2
            if let character = JSONStringEscape.character(code) {
                units.append(UInt16(character))
                return
            }
            guard code == UInt8(ascii: "u") else { throw fail("invalid escape") }
            guard index + 4 <= bytes.count,
                let unit = JSONStringEscape.codeUnit(bytes[index], bytes[index + 1], bytes[index + 2], bytes[index + 3])
            else {
                throw fail("invalid \\u escape")
            }
            units.append(unit)
            index += 4
        }
    }
}
