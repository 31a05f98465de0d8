extension JSONCursor {
    /// Longest number ``skipValue(depth:maximumDepth:)`` accepts, in bytes.
    package static let maximumSkippedNumberLength = 32

    /// The raw text of the number at the position,
    /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, as a range of ``bytes``; what
    /// follows it is the caller's to check.
    package mutating func scanNumber() throws(Failure) -> Range<Int> {
        let start = position
        if byte == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integer = skipDigits()
        guard integer > 0, integer == 1 || bytes[integerStart] != UInt8(ascii: "0") else { throw failure(.invalidNumber) }
        if byte == UInt8(ascii: ".") {
            position += 1
            guard skipDigits() > 0 else { throw failure(.invalidNumber) }
        }
        if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            position += 1
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { position += 1 }
            guard skipDigits() > 0 else { throw failure(.invalidNumber) }
        }
        return start..<position
    }

    @inline(__always)
    private mutating func skipDigits() -> Int {
        let first = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
        return position - first
    }

    /// Steps over `word` (`true`, `false`, `null`) at the position; what follows it is
    /// the caller's to check.
    package mutating func readLiteral(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count,
            UnsafeRawBufferPointer(start: word.utf8Start, count: count).elementsEqual(bytes[position..<position + count])
        else { throw failure(.invalidLiteral) }
        position += count
    }

    /// Skips one value of any kind (after whitespace), checked strictly: strings as
    /// ``skipString()`` checks them, a number or literal followed by whitespace, `,`,
    /// `}`, `]` or the end, numbers at most ``maximumSkippedNumberLength`` bytes,
    /// containers nested at most `maximumDepth` deep counting from `depth`. Repeated
    /// keys are not looked for.
    package mutating func skipValue(depth: Int, maximumDepth: Int) throws(Failure) {
        skipWhitespace()
        switch byte {
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "{"):
            guard depth < maximumDepth else { throw failure(.tooDeep) }
            try skipElements(closing: UInt8(ascii: "}")) { (cursor: inout JSONCursor) throws(Failure) in
                try cursor.skipString()
                cursor.skipWhitespace()
                guard cursor.consume(UInt8(ascii: ":")) else { throw cursor.failure(.unexpectedByte) }
                try cursor.skipValue(depth: depth + 1, maximumDepth: maximumDepth)
            }
        case UInt8(ascii: "["):
            guard depth < maximumDepth else { throw failure(.tooDeep) }
            try skipElements(closing: UInt8(ascii: "]")) { (cursor: inout JSONCursor) throws(Failure) in
                try cursor.skipValue(depth: depth + 1, maximumDepth: maximumDepth)
            }
        case UInt8(ascii: "t"): try skipScalar { (cursor: inout JSONCursor) throws(Failure) in try cursor.readLiteral("true") }
        case UInt8(ascii: "f"): try skipScalar { (cursor: inout JSONCursor) throws(Failure) in try cursor.readLiteral("false") }
        case UInt8(ascii: "n"): try skipScalar { (cursor: inout JSONCursor) throws(Failure) in try cursor.readLiteral("null") }
        default:
            let start = position
            try skipScalar { (cursor: inout JSONCursor) throws(Failure) in _ = try cursor.scanNumber() }
            guard position - start <= Self.maximumSkippedNumberLength else { throw Failure(.longNumber, offset: start) }
        }
    }

    /// From an opening `{` or `[` at the position past its `closing` byte: the elements,
    /// each skipped by `element` from its first byte, separated by commas.
    @inline(__always)
    private mutating func skipElements(closing: UInt8, _ element: (inout JSONCursor) throws(Failure) -> Void) throws(Failure) {
        position += 1
        skipWhitespace()
        if consume(closing) { return }
        repeat {
            skipWhitespace()
            try element(&self)
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(closing) else { throw failure(.unexpectedByte) }
    }

    @inline(__always)
    private mutating func skipScalar(_ read: (inout JSONCursor) throws(Failure) -> Void) throws(Failure) {
        try read(&self)
        guard isAtScalarEnd else { throw failure(.unexpectedByte) }
    }
}
