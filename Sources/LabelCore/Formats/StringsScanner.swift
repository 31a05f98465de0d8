/// The old-style (text) `.strings` grammar, read as CoreFoundation reads it.
///
/// A port of the rules in swift-corelibs-foundation `CFOldStylePList.c`
/// (`advanceToNonSpace`, `getSlashedChar`, `parseQuotedPlistString`,
/// `parseUnquotedPlistString`, `parsePlistDictContent`), working on UTF-16 code
/// units like CF does, so that every file yields the same key/value pairs.
/// Where CF gives up silently and keeps what it has read so far, the scanner
/// does the same and adds a warning; where CF fails, it throws with a position.
struct StringsScanner {
    let units: UnsafeBufferPointer<UInt16>
    private let file: String
    private var locator: StringsTextLocator
    private var position = 0
    /// Where the last token (or `=`) ended: where a missing `;` belongs.
    private var tokenEnd = 0
    /// Start of a `/*` that ran to the end of the file, if any.
    private var unclosedComment: Int?
    private var scratch: [UInt16] = []
    /// For each code unit an escape put into `scratch` that is a surrogate: its
    /// index there and the escape's offset in the file.
    private var surrogateEscapes: [(scratchIndex: Int, offset: Int)] = []

    private(set) var entries: [StringsFile.Entry] = []
    private(set) var warnings: [ParseWarning] = []
    /// Whether to keep the comment right above each key (``comments``): only for the
    /// development language's tables, read for exports (docs/decisions/developer-comments.md).
    var collectsComments = false
    /// Key → the comment right above it, when ``collectsComments`` (later duplicates win).
    var comments: [String: String] = [:]
    /// The comments of the whitespace run being skipped (content ranges), and the line
    /// breaks after the last of them: see ``StringsScanner/noteComment(_:line:)``.
    var pendingComments: [Range<Int>] = []
    var pendingIsLineComment = false
    var breaksAfterComment = 0

    init(units: UnsafeBufferPointer<UInt16>, file: String) {
        self.units = units
        self.file = file
        self.locator = StringsTextLocator(units: units, file: file)
    }

    // MARK: File

    /// Reads the whole file: either bare `key = value;` statements (the
    /// `.strings` form) or one `{ ... }` dictionary (the old-style plist form).
    mutating func parseFile() throws(StringsParseError) {
        guard skipWhitespaceAndComments() else {
            // Empty, or only whitespace and comments: CF returns an empty dictionary.
            warnIfCommentUnclosed()
            return
        }
        if units[position] == Unit.openBrace {
            position += 1
            try parseStatements(insideBraces: true)
            guard skipWhitespaceAndComments(), units[position] == Unit.closeBrace else {
                throw failure(.expectedClosingBrace, at: position, orUnclosedCommentAtEnd: true)
            }
            position += 1
            if skipWhitespaceAndComments() {
                throw failure(.textAfterClosingBrace, at: position)
            }
        } else {
            try parseStatements(insideBraces: false)
        }
        warnIfCommentUnclosed()
    }

    /// `parsePlistDictContent`: statements until the text ends or something that
    /// cannot start a key.
    private mutating func parseStatements(insideBraces: Bool) throws(StringsParseError) {
        // CF parses the first object with `requireObject` before deciding this is
        // a strings file, so only the first key's failures are errors.
        var isFirst = !insideBraces
        while let (key, keyOffset) = try readKey(isFirst: isFirst, insideBraces: insideBraces) {
            let commentAbove = collectsComments ? self.commentAbove() : nil
            if collectsComments { pendingComments.removeAll(keepingCapacity: true) }
            guard skipWhitespaceAndComments() else {
                if isFirst {
                    // CF parses a lone string (an unclosed comment after it is ignored), not a dictionary; Bundle finds no table in it.
                    warnings.append(warning(
                        "the file holds a single string, not key = value pairs; Apple's Bundle finds no strings in it",
                        at: keyOffset))
                    return
                }
                throw failure(.expectedSemicolon, at: tokenEnd, orUnclosedCommentAtEnd: true)
            }
            isFirst = false
            let value: String?
            switch units[position] {
            case Unit.semicolon:
                // `"key";` is shorthand for `"key" = "key";`.
                value = key
            case Unit.equals:
                position += 1
                tokenEnd = position
                value = try readValue(key: key, keyOffset: keyOffset)
            default:
                throw failure(.expectedEquals, at: position)
            }
            if let value {
                entries.append(StringsFile.Entry(key: key, value: value, location: locator.location(at: keyOffset)))
                if let commentAbove { comments[key] = commentAbove }
            }
            guard skipWhitespaceAndComments(), units[position] == Unit.semicolon else {
                throw failure(.expectedSemicolon, at: tokenEnd, orUnclosedCommentAtEnd: true)
            }
            position += 1
            tokenEnd = position
            // A comment before the `;` belongs to no key.
            if collectsComments { pendingComments.removeAll(keepingCapacity: true) }
        }
    }

    /// `parsePlistString(requireObject: false)`, except that the first key of a
    /// file is required (CF's top-level `parsePlistObject`). Returns nil where CF
    /// stops reading.
    private mutating func readKey(isFirst: Bool, insideBraces: Bool) throws(StringsParseError) -> (String, Int)? {
        guard skipWhitespaceAndComments() else { return nil }
        let start = position
        let unit = units[start]
        if unit == Unit.doubleQuote || unit == Unit.singleQuote {
            switch try readQuoted() {
            case .string(let key):
                return (key, start)
            case .unterminated:
                if isFirst {
                    throw failure(.unterminatedString, at: start)
                }
                if insideBraces {
                    // CF drops the string and goes on looking for `}` right
                    // after the quote (usually failing there).
                    position = start + 1
                    warnings.append(warning("unterminated string; Apple's reader skips just its opening quote", at: start))
                    return nil
                }
                warnings.append(warning(
                    "unterminated string; Apple's reader ignores everything from here to the end of the file",
                    at: start))
                return nil
            }
        }
        if Self.isUnquotedTokenUnit(unit) {
            return (readUnquoted(), start)
        }
        if isFirst {
            throw failure(.unexpectedCharacter(Self.scalar(at: start, in: units)), at: start)
        }
        if !insideBraces {
            warnings.append(warning(ignoredTextMessage(at: start), at: start))
        }
        return nil
    }

    /// `parsePlistObject(requireObject: true)` in value position. An array,
    /// dictionary or data value is read past and `nil` returned: CF puts it in the
    /// table, but `Bundle` ignores values that are not strings.
    private mutating func readValue(key: String, keyOffset: Int) throws(StringsParseError) -> String? {
        guard skipWhitespaceAndComments() else {
            throw failure(.expectedValue, at: tokenEnd, orUnclosedCommentAtEnd: true)
        }
        let start = position
        let unit = units[start]
        if unit == Unit.doubleQuote || unit == Unit.singleQuote {
            switch try readQuoted() {
            case .string(let value): return value
            case .unterminated: throw failure(.unterminatedString, at: start)
            }
        }
        if Self.isUnquotedTokenUnit(unit) {
            return readUnquoted()
        }
        if unit == Unit.openBrace || unit == Unit.openParenthesis || unit == Unit.lessThan {
            let kind = unit == Unit.openBrace ? "a dictionary" : unit == Unit.openParenthesis ? "an array" : "data"
            try skipObject(depth: 0)
            warnings.append(warning(
                "the value of \"\(key)\" is \(kind), not a string; Apple's Bundle ignores it, so the key is skipped",
                at: keyOffset))
            return nil
        }
        throw failure(.expectedValue, at: start)
    }

    /// Most nesting of arrays and dictionaries inside a skipped value.
    private static let maximumSkipDepth = 64

    /// Reads past one plist object (string, array, dictionary or data) as CF's
    /// grammar has it; malformed ones are errors with their position.
    private mutating func skipObject(depth: Int) throws(StringsParseError) {
        guard skipWhitespaceAndComments() else {
            throw failure(.expectedValue, at: tokenEnd, orUnclosedCommentAtEnd: true)
        }
        let start = position
        let unit = units[start]
        guard depth < Self.maximumSkipDepth else { throw failure(.nonStringValue, at: start) }
        if unit == Unit.doubleQuote || unit == Unit.singleQuote {
            if case .unterminated = try readQuoted() { throw failure(.unterminatedString, at: start) }
            tokenEnd = position
            return
        }
        if Self.isUnquotedTokenUnit(unit) {
            _ = readUnquoted()
            tokenEnd = position
            return
        }
        switch unit {
        case Unit.lessThan:
            // Data: hex digits and whitespace up to `>`.
            position += 1
            while position < units.count, units[position] != Unit.greaterThan {
                let unit = units[position]
                guard Self.hexValue(unit) != nil || unit == 0x20 || (0x09...0x0D).contains(unit) else {
                    throw failure(.nonStringValue, at: position)
                }
                position += 1
            }
            guard position < units.count else { throw failure(.nonStringValue, at: start) }
            position += 1
        case Unit.openParenthesis:
            position += 1
            guard skipWhitespaceAndComments() else { throw failure(.nonStringValue, at: start) }
            if units[position] != Unit.closeParenthesis {
                while true {
                    try skipObject(depth: depth + 1)
                    guard skipWhitespaceAndComments() else { throw failure(.nonStringValue, at: start) }
                    if units[position] == Unit.comma {
                        position += 1
                        // CF allows a trailing comma before `)`.
                        guard skipWhitespaceAndComments() else { throw failure(.nonStringValue, at: start) }
                        if units[position] == Unit.closeParenthesis { break }
                        continue
                    }
                    guard units[position] == Unit.closeParenthesis else { throw failure(.nonStringValue, at: position) }
                    break
                }
            }
            position += 1
        case Unit.openBrace:
            position += 1
            while true {
                guard skipWhitespaceAndComments() else { throw failure(.expectedClosingBrace, at: start) }
                if units[position] == Unit.closeBrace { break }
                try skipObject(depth: depth + 1)
                guard skipWhitespaceAndComments() else { throw failure(.expectedClosingBrace, at: start) }
                if units[position] == Unit.equals {
                    position += 1
                    try skipObject(depth: depth + 1)
                    guard skipWhitespaceAndComments() else { throw failure(.expectedClosingBrace, at: start) }
                }
                guard units[position] == Unit.semicolon else { throw failure(.expectedSemicolon, at: position) }
                position += 1
            }
            position += 1
        default:
            throw failure(.expectedValue, at: start)
        }
        tokenEnd = position
    }

    // MARK: Tokens

    private enum Quoted {
        case string(String)
        case unterminated
    }

    /// `parseQuotedPlistString`: from the opening quote to the matching one.
    /// A quote of the other kind is an ordinary character.
    private mutating func readQuoted() throws(StringsParseError) -> Quoted {
        let quote = units[position]
        position += 1
        var mark = position
        var escaped = false
        let end = units.count
        while position < end {
            let unit = units[position]
            if unit == quote { break }
            guard unit == Unit.backslash else {
                position += 1
                continue
            }
            if !escaped {
                escaped = true
                scratch.removeAll(keepingCapacity: true)
                surrogateEscapes.removeAll(keepingCapacity: true)
            }
            scratch.append(contentsOf: units[mark..<position])
            let escapeOffset = position
            position += 1
            // A `\` as the file's last character: CF reports an unterminated
            // backslash sequence and fails the string.
            guard position < end else { return .unterminated }
            let character = readEscape(at: escapeOffset)
            if character & 0xF800 == 0xD800 {
                surrogateEscapes.append((scratch.count, escapeOffset))
            }
            scratch.append(character)
            mark = position
        }
        guard position < end else { return .unterminated }
        let string: String
        if escaped {
            scratch.append(contentsOf: units[mark..<position])
            try checkSurrogates()
            string = scratch.withUnsafeBufferPointer { Self.makeString($0) }
        } else {
            string = Self.makeString(UnsafeBufferPointer(rebasing: units[mark..<position]))
        }
        position += 1
        tokenEnd = position
        return .string(string)
    }

    /// `parseUnquotedPlistString`: a run of `[A-Za-z0-9_$/:.-]`.
    private mutating func readUnquoted() -> String {
        let start = position
        let end = units.count
        while position < end, Self.isUnquotedTokenUnit(units[position]) {
            position += 1
        }
        tokenEnd = position
        return Self.makeString(UnsafeBufferPointer(rebasing: units[start..<position]))
    }

    /// `getSlashedChar`: the character after a `\` (`position` is just past the `\`).
    private mutating func readEscape(at escapeOffset: Int) -> UInt16 {
        let end = units.count
        let unit = units[position]
        position += 1
        switch unit {
        case 0x30...0x37:
            // Up to three octal digits, wrapping at 8 bits like CF's uint8_t,
            // then NeXTSTEP Latin (not Latin-1) for bytes above 0x7F.
            var byte = UInt8(unit - 0x30)
            var digits = 1
            while digits < 3, position < end, (0x30...0x37).contains(units[position]) {
                byte = byte &<< 3 &+ UInt8(units[position] - 0x30)
                position += 1
                digits += 1
            }
            let escape = String(decoding: UnsafeBufferPointer(rebasing: units[escapeOffset..<position]), as: UTF16.self)
            guard let character = NeXTSTEPLatin.character(for: byte) else {
                warnings.append(warning("octal escape \(escape) has no NeXTSTEP Latin character; Apple reads it as U+0000",
                                        at: escapeOffset))
                return 0
            }
            if byte >= 0x80 {
                warnings.append(warning(
                    "octal escape \(escape) is NeXTSTEP Latin, not Latin-1: Apple reads it as '\(Character(Unicode.Scalar(character)!))';"
                        + " write the character itself or \\U",
                    at: escapeOffset))
            }
            return character
        case Unit.capitalU:
            // Up to four hex digits; CF stops at the first non-hex one.
            var value: UInt16 = 0
            var digits = 0
            while digits < 4, position < end, let digit = Self.hexValue(units[position]) {
                value = value << 4 | digit
                position += 1
                digits += 1
            }
            if digits < 4 {
                warnings.append(warning(
                    "\\U escape with \(digits) hex digit\(digits == 1 ? "" : "s") instead of 4", at: escapeOffset))
            }
            return value
        case 0x61: return 0x07 // \a
        case 0x62: return 0x08 // \b
        case 0x66: return 0x0C // \f
        case 0x6E: return 0x0A // \n
        case 0x72: return 0x0D // \r
        case 0x74: return 0x09 // \t
        case 0x76: return 0x0B // \v
        default:
            // Any other character stands for itself (`\"`, `\\`, `\'`); warn
            // about letters and digits, which are usually meant as escapes.
            if unit < 0x80, let scalar = Unicode.Scalar(unit),
               scalar.properties.isAlphabetic || (0x38...0x39).contains(unit) {
                let hint = unit == 0x75 ? "; Apple only knows \\U (capital) for code points" : ""
                warnings.append(warning(
                    "unknown escape \\\(Character(scalar)); Apple reads it as '\(Character(scalar))'\(hint)",
                    at: escapeOffset))
            }
            return unit
        }
    }

    /// Rejects escapes that leave half a surrogate pair, which CF would keep as a
    /// broken code unit but a Swift `String` cannot represent.
    private mutating func checkSurrogates() throws(StringsParseError) {
        var expectLow = false
        for (index, unit) in scratch.enumerated() {
            let isLow = unit & 0xFC00 == 0xDC00
            if expectLow != isLow {
                let bad = expectLow ? index - 1 : index
                let offset = surrogateEscapes.first { $0.scratchIndex == bad }?.offset ?? position
                throw failure(.invalidEscape, at: offset)
            }
            expectLow = unit & 0xFC00 == 0xD800
        }
        if expectLow {
            let offset = surrogateEscapes.first { $0.scratchIndex == scratch.count - 1 }?.offset ?? position
            throw failure(.invalidEscape, at: offset)
        }
    }

    // MARK: Whitespace

    /// `advanceToNonSpace`: skips whitespace, `//` and `/* */` comments.
    /// Returns false at the end of the text; otherwise `position` is at the
    /// next significant unit. A lone `/` is significant (it can start a token).
    private mutating func skipWhitespaceAndComments() -> Bool {
        let end = units.count
        while position < end {
            let unit = units[position]
            if (0x09...0x0D).contains(unit) || unit == 0x20 || unit == 0x2028 || unit == 0x2029 {
                if collectsComments { countBreak(at: position) }
                position += 1
                continue
            }
            guard unit == Unit.slash, position + 1 < end else { return true }
            let next = units[position + 1]
            if next == Unit.slash {
                position += 2
                let start = position
                while position < end {
                    let unit = units[position]
                    if unit == 0x0A || unit == 0x0D || unit == 0x2028 || unit == 0x2029 { break }
                    position += 1
                }
                if collectsComments { noteComment(start..<position, line: true) }
            } else if next == Unit.asterisk {
                let start = position
                position += 2
                var closed = false
                while position < end {
                    let unit = units[position]
                    position += 1
                    if unit == Unit.asterisk, position < end, units[position] == Unit.slash {
                        position += 1
                        closed = true
                        break
                    }
                }
                if !closed { unclosedComment = start }
                if collectsComments, closed { noteComment((start + 2)..<(position - 2), line: false) }
            } else {
                return true
            }
        }
        return false
    }

    // MARK: Diagnostics

    private mutating func failure(_ reason: StringsParseError.Reason, at offset: Int,
                                  orUnclosedCommentAtEnd: Bool = false) -> StringsParseError {
        // Running out of text inside a comment explains an error at the end better.
        if orUnclosedCommentAtEnd, position >= units.count, let comment = unclosedComment {
            return StringsParseError(location: locator.location(at: comment), reason: .unterminatedComment)
        }
        return StringsParseError(location: locator.location(at: offset), reason: reason)
    }

    private mutating func warning(_ message: String, at offset: Int) -> ParseWarning {
        ParseWarning(location: locator.location(at: offset), message: message)
    }

    private mutating func warnIfCommentUnclosed() {
        if let comment = unclosedComment {
            warnings.append(warning("comment is never closed with '*/'; the rest of the file is part of it", at: comment))
        }
    }

    private func ignoredTextMessage(at offset: Int) -> String {
        let scalar = Self.scalar(at: offset, in: units)
        let what: String = switch scalar {
        case "\u{FEFF}": "a byte order mark (U+FEFF), as left by concatenating files,"
        case "\u{00A0}": "a no-break space (U+00A0)"
        case ";": "a stray ';'"
        default: "'\(scalar.escaped(asASCII: false))' (U+\(String(scalar.value, radix: 16, uppercase: true)))"
        }
        return "\(what) cannot start a key; Apple's reader stops here and ignores the rest of the file"
    }

    /// Well-formed UTF-16 to `String`, transcoding by hand: the standard
    /// library's generic `String(decoding:as: UTF16.self)` is several times slower.
    private static func makeString(_ units: UnsafeBufferPointer<UInt16>) -> String {
        let count = units.count
        if count == 0 { return "" }
        return String(unsafeUninitializedCapacity: count * 3) { utf8 in
            var input = 0, output = 0
            while input < count {
                let unit = UInt32(units[input])
                input += 1
                if unit < 0x80 {
                    utf8[output] = UInt8(unit)
                    output += 1
                } else if unit < 0x800 {
                    utf8[output] = UInt8(0xC0 | unit >> 6)
                    utf8[output + 1] = UInt8(0x80 | unit & 0x3F)
                    output += 2
                } else if unit & 0xFC00 == 0xD800, input < count, units[input] & 0xFC00 == 0xDC00 {
                    let scalar = 0x10000 + ((unit & 0x3FF) << 10) + UInt32(units[input] & 0x3FF)
                    input += 1
                    utf8[output] = UInt8(0xF0 | scalar >> 18)
                    utf8[output + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                    utf8[output + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    utf8[output + 3] = UInt8(0x80 | scalar & 0x3F)
                    output += 4
                } else {
                    // Unpaired surrogates were rejected earlier; U+FFFD just in case.
                    let scalar = unit & 0xF800 == 0xD800 ? 0xFFFD : unit
                    utf8[output] = UInt8(0xE0 | scalar >> 12)
                    utf8[output + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    utf8[output + 2] = UInt8(0x80 | scalar & 0x3F)
                    output += 3
                }
            }
            return output
        }
    }

    // MARK: Character classes

    /// `isValidUnquotedStringCharacter`.
    private static func isUnquotedTokenUnit(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x61...0x7A, 0x41...0x5A, 0x30...0x39: true
        case 0x5F, 0x24, 0x2F, 0x3A, 0x2E, 0x2D: true // _ $ / : . -
        default: false
        }
    }

    private static func hexValue(_ unit: UInt16) -> UInt16? {
        switch unit {
        case 0x30...0x39: unit - 0x30
        case 0x41...0x46: unit - 0x41 + 10
        case 0x61...0x66: unit - 0x61 + 10
        default: nil
        }
    }

    private static func scalar(at offset: Int, in units: UnsafeBufferPointer<UInt16>) -> Unicode.Scalar {
        let unit = units[offset]
        if unit & 0xFC00 == 0xD800, offset + 1 < units.count {
            let low = units[offset + 1]
            let value = 0x10000 + (UInt32(unit & 0x3FF) << 10) + UInt32(low & 0x3FF)
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }

    private enum Unit {
        static let doubleQuote: UInt16 = 0x22
        static let singleQuote: UInt16 = 0x27
        static let openParenthesis: UInt16 = 0x28
        static let closeParenthesis: UInt16 = 0x29
        static let comma: UInt16 = 0x2C
        static let greaterThan: UInt16 = 0x3E
        static let asterisk: UInt16 = 0x2A
        static let slash: UInt16 = 0x2F
        static let semicolon: UInt16 = 0x3B
        static let lessThan: UInt16 = 0x3C
        static let equals: UInt16 = 0x3D
        static let capitalU: UInt16 = 0x55
        static let backslash: UInt16 = 0x5C
        static let openBrace: UInt16 = 0x7B
        static let closeBrace: UInt16 = 0x7D
    }
}
