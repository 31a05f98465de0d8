/// A hand-written lexer for Swift and Objective-C, exactly as fine as finding
/// localization calls needs: identifiers, punctuation, operators and string
/// literals decoded as the compiler reads them; comments skipped (nested in Swift);
/// `#if` and the preprocessor left as plain tokens, so both branches are scanned.
///
/// A pure function of the bytes; never traps on any input (unterminated literals and
/// comments end at the end of the file, invalid escapes are kept as written).
struct SourceLexer {
    let bytes: UnsafeBufferPointer<UInt8>
    let language: SourceLanguage
    var index = 0
    var newline = true
    var output = SourceTokens()
    /// Where `bytes` starts in the file (an interpolation is lexed on its own).
    var base = 0
    /// How deep interpolations may nest (`"\("\(…)")"`): far deeper than any real code;
    /// deeper, the file's lexing stops with `SourceTokens.tooDeep` set (a finding).
    static let maximumInterpolationDepth = 256

    static func tokenize(_ bytes: UnsafeBufferPointer<UInt8>, language: SourceLanguage, range: Range<Int>? = nil) -> SourceTokens {
        let range = range.map { $0.clamped(to: 0..<bytes.count) } ?? 0..<bytes.count
        var lexer = SourceLexer(bytes: UnsafeBufferPointer(rebasing: bytes[range]), language: language)
        lexer.base = range.lowerBound
        lexer.output.tokens.reserveCapacity(range.count / 5)
        lexer.run()
        return lexer.output
    }

    init(bytes: UnsafeBufferPointer<UInt8>, language: SourceLanguage) {
        self.bytes = bytes
        self.language = language
    }

    func peek(_ offset: Int) -> UInt8 {
        let position = index + offset
        return position < bytes.count ? bytes[position] : 0
    }

    mutating func emit(_ kind: SourceToken.Kind, start: Int, byte: UInt8 = 0, payload: Int32 = 0) {
        output.tokens.append(SourceToken(kind: kind, newlineBefore: newline, byte: byte,
                                         start: Int32(truncatingIfNeeded: base + start),
                                         end: Int32(truncatingIfNeeded: base + index), payload: payload))
        newline = false
    }

    mutating func run() {
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x0A:
                newline = true
                index += 1
            case 0x20, 0x09, 0x0D, 0x0B, 0x0C, 0x00:
                index += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                skipLineComment()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "\""):
                lexString(start: index, pounds: 0)
            case UInt8(ascii: "#") where language == .swift:
                lexPounds()
            case UInt8(ascii: "@") where language == .objectiveC && peek(1) == UInt8(ascii: "\""):
                let start = index
                index += 1
                lexString(start: start, pounds: 0)
            case UInt8(ascii: "'") where language == .objectiveC:
                skipCharacterLiteral()
            case UInt8(ascii: "`") where language == .swift:
                lexBacktickIdentifier()
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                lexNumber()
            default:
                if Self.isIdentifierStart(byte) {
                    lexIdentifier()
                } else if Self.isOperator(byte) {
                    lexOperator()
                } else {
                    let start = index
                    index += 1
                    emit(.punctuation, start: start, byte: byte)
                }
            }
        }
    }

    /// How many `#` stand in a row here.
    func poundRun() -> Int {
        var count = 0
        while peek(count) == UInt8(ascii: "#") { count += 1 }
        return count
    }

    /// A run of `#`: the raw string it opens (`#"`, `##"`), or else each `#` as
    /// punctuation. The run is counted once and passed whole, so a long run of `#` that
    /// opens nothing costs its length, not its length squared.
    mutating func lexPounds() {
        let run = poundRun()
        let start = index
        if peek(run) == UInt8(ascii: "\"") {
            index += run
            lexString(start: start, pounds: run)
            return
        }
        for _ in 0..<run {
            let position = index
            index += 1
            emit(.punctuation, start: position, byte: UInt8(ascii: "#"))
        }
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    static func isOperator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "/"),
             UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"),
             UInt8(ascii: "^"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    mutating func lexIdentifier() {
        let start = index
        while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
        emit(.identifier, start: start)
    }

    mutating func lexBacktickIdentifier() {
        let start = index
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "`"), bytes[index] != 0x0A { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "`") { index += 1 }
        emit(.identifier, start: start)
    }

    mutating func lexNumber() {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isIdentifierByte(byte) {
                index += 1
            } else if byte == UInt8(ascii: "."), peek(1) >= UInt8(ascii: "0"), peek(1) <= UInt8(ascii: "9") {
                index += 1
            } else {
                break
            }
        }
        emit(.number, start: start)
    }

    mutating func lexOperator() {
        let start = index
        while index < bytes.count, Self.isOperator(bytes[index]) {
            // A comment right after an operator is not part of it.
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*"), index > start { break }
            index += 1
        }
        let isPlus = index - start == 1 && bytes[start] == UInt8(ascii: "+")
        emit(.operator, start: start, byte: isPlus ? 1 : 0)
    }

    mutating func skipLineComment() {
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
    }

    /// `/* … */`, nested in Swift, not in C.
    mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                if language == .swift || depth == 0 { depth += 1 }
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                if bytes[index] == 0x0A { newline = true }
                index += 1
            }
        }
    }

    /// `'a'`, `'\''`: a value, never a key, and never the start of a string.
    mutating func skipCharacterLiteral() {
        let start = index
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "'"), bytes[index] != 0x0A {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "'") { index += 1 }
        index = min(index, bytes.count)
        emit(.number, start: start)
    }
}
