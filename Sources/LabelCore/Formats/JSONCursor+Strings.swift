extension JSONCursor {
    /// The string whose opening quote is at the position, escapes decoded; the
    /// position ends past its closing quote. `strictUTF8`: bytes that are not UTF-8
    /// fail (`invalidUTF8`); otherwise they read as U+FFFD.
    @inline(__always)
    package mutating func readString(strictUTF8: Bool = true) throws(Failure) -> String {
        guard byte == UInt8(ascii: "\"") else { throw failure(.unexpectedByte) }
        position += 1
        let start = position
        skipPlainCharacters()
        if byte == UInt8(ascii: "\"") {  // no escapes, the common case: no copy
            let run = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
            position += 1
            guard strictUTF8 else { return String(decoding: run, as: UTF8.self) }
            guard let string = String(validating: run, as: UTF8.self) else { throw Failure(.invalidUTF8, offset: start) }
            return string
        }
        var text = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        var unpaired = false
        while byte == UInt8(ascii: "\\") {
            try appendEscape(to: &text, unpaired: &unpaired)
            let run = position
            skipPlainCharacters()
            text.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[run..<position]))
        }
        try closeString(unpaired: unpaired)
        guard strictUTF8 else { return String(decoding: text, as: UTF8.self) }
        guard let string = String(validating: text, as: UTF8.self) else { throw Failure(.invalidUTF8, offset: start) }
        return string
    }

    /// Skips the string whose opening quote is at the position without decoding it,
    /// checked as ``readString(strictUTF8:)`` checks it (strictly).
    package mutating func skipString() throws(Failure) {
        guard byte == UInt8(ascii: "\"") else { throw failure(.unexpectedByte) }
        position += 1
        var scratch: [UInt8] = []
        var unpaired = false
        while true {
            let run = position
            skipPlainCharacters()
            if bytes[run..<position].contains(where: { $0 >= 0x80 }),
                String(validating: UnsafeRawBufferPointer(rebasing: bytes[run..<position]), as: UTF8.self) == nil
            {
                throw Failure(.invalidUTF8, offset: run)
            }
            guard byte == UInt8(ascii: "\\") else { break }
            scratch.removeAll(keepingCapacity: true)
            try appendEscape(to: &scratch, unpaired: &unpaired)
        }
        try closeString(unpaired: unpaired)
    }

    /// At the byte that stopped a run of plain characters: the closing quote, or a failure.
    @inline(__always)
    private mutating func closeString(unpaired: Bool) throws(Failure) {
        guard !isAtEnd else { throw failure(.unterminatedString) }
        guard byte == UInt8(ascii: "\"") else { throw failure(.controlCharacter) }
        position += 1
        if unpaired { throw failure(.unpairedSurrogate) }
    }

    /// Up to the next `"`, `\`, control character (never plain in JSON) or the end.
    @inline(__always)
    private mutating func skipPlainCharacters() {
        while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\"),
            bytes[position] >= 0x20
        {
            position += 1
        }
    }

    /// The character of the escape whose backslash is at the position, as UTF-8. A
    /// surrogate not paired with the escape right after it sets `unpaired` (the string
    /// fails at its end, so a failure further in the string comes first).
    private mutating func appendEscape(to text: inout [UInt8], unpaired: inout Bool) throws(Failure) {
        guard position + 1 < bytes.count else { throw failure(.unterminatedEscape) }
        let escape = bytes[position + 1]
        position += 2
        if let character = JSONStringEscape.character(escape) {
            text.append(character)
            return
        }
        guard escape == UInt8(ascii: "u") else { throw failure(.invalidEscape) }
        guard let unit = hex4(at: position) else { throw failure(.invalidUnicodeEscape) }
        position += 4
        var scalar = UInt32(unit)
        if (0xD800...0xDBFF).contains(scalar) {
            guard byte == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u"),
                let low = hex4(at: position + 2), (0xDC00...0xDFFF).contains(low)
            else {
                unpaired = true
                return
            }
            position += 6
            scalar = JSONStringEscape.scalarValue(high: scalar, low: UInt32(low))
        }
        guard let character = Unicode.Scalar(scalar) else {  // a lone low surrogate
            unpaired = true
            return
        }
        text.append(contentsOf: UTF8.encode(character)!)
    }

    @inline(__always)
    private func hex4(at index: Int) -> UInt16? {
        guard index + 4 <= bytes.count else { return nil }
        return JSONStringEscape.codeUnit(bytes[index], bytes[index + 1], bytes[index + 2], bytes[index + 3])
    }
}
