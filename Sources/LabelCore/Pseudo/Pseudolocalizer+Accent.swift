/// en-XA: aapt2's `PseudoMethodAccent`.
extension Pseudolocalizer {
    /// The words appended to make a message longer.
    static let expansionWords = Array("one two three four five six seven eight nine ten eleven twelve thirteen fourteen fiveteen sixteen seventeen nineteen twenty".utf16)

    /// ASCII → accented letter, 0 where aapt keeps the character (`F`, digits, punctuation).
    static let accentTable: [UInt16] = {
        let from = "abcdefghijklmnopqrstuvwxyzABCDEGHIJKLMNOPQRSTUVWXYZ!?$"
        let to = "\u{e5}\u{253}\u{e7}\u{f0}\u{e9}\u{192}\u{11d}\u{125}\u{ee}\u{135}\u{137}\u{13c}\u{1e3f}\u{f1}\u{f6}\u{fe}"
            + "\u{51}\u{155}\u{161}\u{163}\u{fb}\u{56}\u{175}\u{445}\u{fd}\u{17e}\u{c5}\u{3b2}\u{c7}\u{d0}\u{c9}\u{11c}"
            + "\u{124}\u{ce}\u{134}\u{136}\u{13b}\u{1e3e}\u{d1}\u{d6}\u{de}\u{71}\u{154}\u{160}\u{162}\u{db}\u{3bd}\u{174}"
            + "\u{d7}\u{dd}\u{17d}\u{a1}\u{bf}\u{20ac}"
        var table = [UInt16](repeating: 0, count: 128)
        for (source, target) in zip(from.utf16, to.utf16) { table[Int(source)] = target }
        return table
    }()

    /// The characters that may end a Java placeholder for aapt (`%…s`, `%…d`, `%%`...).
    static let placeholderEnds = Set("sScCdoxXfeEgGaAbBhH%n".utf16)

    mutating func accentStart() -> [UInt16] {
        let output: [UInt16] = accentDepth == 0 ? [UInt16(UInt8(ascii: "["))] : []
        wordCount = 0
        length = 0
        accentDepth += 1
        return output
    }

    mutating func accentEnd() -> [UInt16] {
        var output: [UInt16] = []
        if length > 0 {
            output.append(Unit.space)
            output += Self.expansion(wordCount > 3 ? length : length / 2)
        }
        wordCount = 0
        length = 0
        accentDepth -= 1
        if accentDepth == 0 { output.append(UInt16(UInt8(ascii: "]"))) }
        return output
    }

    /// `PseudoGenerateExpansion`: the expansion words up to `length` code units, completed
    /// to the end of the word that `length` falls into; repeated when longer.
    static func expansion(_ length: Int) -> [UInt16] {
        let words = expansionWords
        // aapt recurses once per whole list of words; a loop gives the same units without a
        // stack frame (and a copy) per 140 characters of a long value.
        var whole: [UInt16] = []
        var length = length
        while words.count < length {
            whole += words
            whole.append(Unit.space)
            length -= words.count + 1
        }
        var extra = 0
        var index = length + 1
        while index < words.count {
            extra += 1
            if words[index] == Unit.space { break }
            index += 1
        }
        return whole + words[0..<max(0, min(length + extra, words.count))]
    }

    /// `PseudoMethodAccent::Text`: letters accented, placeholders wrapped in `»…«`,
    /// `<tags>` and `&entities;` copied; counts the characters and words for the expansion.
    mutating func accentText(_ text: [UInt16]) -> [UInt16] {
        var output: [UInt16] = []
        output.reserveCapacity(text.count + 8)
        var lastSpace = true
        var index = 0
        while index < text.count {
            let unit = text[index]
            if unit == Unit.percent {
                index = accentPercent(text, at: index, into: &output)
            } else if unit == Unit.lessThan || unit == Unit.ampersand {
                index = Self.copyMarkup(text, at: index, into: &output)
            } else {
                let mapped = unit < 128 ? Self.accentTable[Int(unit)] : 0
                if mapped != 0 {
                    output.append(mapped)
                } else {
                    let space = Unit.isSpace(unit)
                    if lastSpace && !space { wordCount += 1 }
                    lastSpace = space
                    output.append(unit)
                }
                length += 1
            }
            index += 1
        }
        return output
    }

    /// A `%` sequence at `start`: an Apple specifier wrapped, `%%` and a substitution copied,
    /// anything else read as aapt reads it. Returns the index of its last code unit.
    private func accentPercent(_ text: [UInt16], at start: Int, into output: inout [UInt16]) -> Int {
        switch Self.appleFormat(text, at: start) {
        case .literal(let count), .substitution(let count):
            output += text[start..<start + count]
            return start + count - 1
        case .specifier(let count):
            output += placeholder(Array(text[start..<start + count]))
            return start + count - 1
        case .unknown:
            break
        }
        var index = start
        var unit = text[index]
        var chunk = [unit]
        var end = false
        while !end && index + 1 < text.count {
            index += 1
            unit = text[index]
            chunk.append(unit)
            if Self.placeholderEnds.contains(unit) {
                end = true
            } else if index + 1 < text.count && unit == UInt16(UInt8(ascii: "t")) {
                index += 1
                unit = text[index]
                chunk.append(unit)
                end = true
            }
        }
        output += unit == Unit.percent ? chunk : placeholder(chunk)
        return index
    }

    /// aapt's HTML branch from the `<` or `&` at `start`: a tag is copied to its `>`, an
    /// entity to its `;` (a malformed one up to and including the character that ends it,
    /// which is then read again as text, as aapt does). Returns the index to continue after.
    private static func copyMarkup(_ text: [UInt16], at start: Int, into output: inout [UInt16]) -> Int {
        var index = start
        var unit = text[index]
        var closed = false
        while !closed && index < text.count {
            if unit == Unit.ampersand {
                var entity = [unit]
                var position = index
                var end = false
                // aapt reads the terminating NUL past the end of the text; this stops there.
                while !end && position + 1 < text.count {
                    position += 1
                    unit = text[position]
                    entity.append(unit)
                    if unit == Unit.semicolon {
                        end = true
                        index = position
                    } else if !isEntityUnit(unit) {
                        end = true
                    }
                }
                output += entity
                if entity != Array("&lt;".utf16) { closed = true }
                continue
            }
            output.append(unit)
            if unit == Unit.greaterThan { break }
            index += 1
            if index < text.count { unit = text[index] }
        }
        return index
    }

    private static func isEntityUnit(_ unit: UInt16) -> Bool {
        switch unit {
        case UInt16(UInt8(ascii: "#")), 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: false
        }
    }
}
