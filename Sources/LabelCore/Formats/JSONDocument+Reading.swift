extension JSONDocument {
    package struct ReadError: Error {
        package var offset: Int
        package var reason: String
    }

    package static let maximumDepth = 64

    /// Strict JSON (RFC 8259) from UTF-8 bytes (bytes that are not UTF-8 read as U+FFFD).
    package static func read(_ bytes: [UInt8]) throws(ReadError) -> JSONDocument {
        let result: Result<JSONDocument, ReadError> = bytes.withUnsafeBytes { raw in
            var reader = Reader(cursor: JSONCursor(raw, position: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0))
            do throws(ReadError) {
                let value = try reader.value(depth: 0)
                reader.cursor.skipWhitespace()
                guard reader.cursor.isAtEnd else { throw reader.fail("text after the JSON value") }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The tree builder's policy over the shared cursor: every value kept with its
    /// source text, a repeated member name refused.
    private struct Reader {
        var cursor: JSONCursor

        func fail(_ reason: String) -> ReadError { ReadError(offset: cursor.position, reason: reason) }

        /// The cursor's failure in this reader's words.
        static func readError(_ failure: JSONCursor.Failure) -> ReadError {
            let reason =
                switch failure.reason {
                case .unterminatedString: "unterminated string"
                case .controlCharacter: "control character in a string"
                case .unterminatedEscape: "unterminated escape"
                case .invalidEscape: "invalid escape"
                case .invalidUnicodeEscape: "invalid \\u escape"
                case .unpairedSurrogate: "unpaired surrogate in a string"
                case .invalidNumber: "invalid number"
                case .invalidLiteral: "invalid literal"
                case .unexpectedByte, .invalidUTF8, .longNumber, .tooDeep, .declined: "invalid JSON"
                }
            return ReadError(offset: failure.offset, reason: reason)
        }

        mutating func value(depth: Int) throws(ReadError) -> JSONDocument {
            guard depth < JSONDocument.maximumDepth else { throw fail("nested deeper than \(JSONDocument.maximumDepth)") }
            cursor.skipWhitespace()
            guard !cursor.isAtEnd else { throw fail("unexpected end of input") }
            switch cursor.byte {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            default: break
            }
            do throws(JSONCursor.Failure) {
                switch cursor.byte {
                case UInt8(ascii: "\""):
                    let (text, raw) = try string()
                    return .string(text, raw: raw)
                case UInt8(ascii: "t"):
                    try cursor.readLiteral("true")
                    return .bool(true)
                case UInt8(ascii: "f"):
                    try cursor.readLiteral("false")
                    return .bool(false)
                case UInt8(ascii: "n"):
                    try cursor.readLiteral("null")
                    return .null
                default:
                    let text = try cursor.scanNumber()
                    return .number(String(decoding: UnsafeRawBufferPointer(rebasing: cursor.bytes[text]), as: UTF8.self))
                }
            } catch {
                throw Self.readError(error)
            }
        }

        mutating func object(depth: Int) throws(ReadError) -> JSONDocument {
            cursor.position += 1
            var members: [Member] = []
            // Names seen, for the repeated-member check in one pass (not pairwise).
            var names: Set<String> = []
            cursor.skipWhitespace()
            if cursor.consume(UInt8(ascii: "}")) { return .object([]) }
            while true {
                cursor.skipWhitespace()
                guard cursor.byte == UInt8(ascii: "\"") else { throw fail("expected a member name") }
                let key: String
                do throws(JSONCursor.Failure) { (key, _) = try string() } catch { throw Self.readError(error) }
                cursor.skipWhitespace()
                guard cursor.consume(UInt8(ascii: ":")) else { throw fail("expected ':'") }
                guard names.insert(key).inserted else { throw fail("member \"\(key)\" repeated") }
                members.append(Member(key: key, value: try value(depth: depth + 1)))
                cursor.skipWhitespace()
                guard !cursor.isAtEnd else { throw fail("unexpected end of input in an object") }
                if cursor.consume(UInt8(ascii: ",")) { continue }
                guard cursor.consume(UInt8(ascii: "}")) else { throw fail("expected ',' or '}'") }
                return .object(members)
            }
        }

        mutating func array(depth: Int) throws(ReadError) -> JSONDocument {
            cursor.position += 1
            var elements: [JSONDocument] = []
            cursor.skipWhitespace()
            if cursor.consume(UInt8(ascii: "]")) { return .array([]) }
            while true {
                elements.append(try value(depth: depth + 1))
                cursor.skipWhitespace()
                guard !cursor.isAtEnd else { throw fail("unexpected end of input in an array") }
                if cursor.consume(UInt8(ascii: ",")) { continue }
                guard cursor.consume(UInt8(ascii: "]")) else { throw fail("expected ',' or ']'") }
                return .array(elements)
            }
        }

        /// The decoded text and the raw text between the quotes.
        mutating func string() throws(JSONCursor.Failure) -> (String, String) {
            let start = cursor.position + 1
            let text = try cursor.readString(strictUTF8: false)
            let raw = String(decoding: UnsafeRawBufferPointer(rebasing: cursor.bytes[start..<(cursor.position - 1)]), as: UTF8.self)
            return (text, raw)
        }
    }
}
