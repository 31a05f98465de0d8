/// The texts of one ``LocalizedString`` (template and every variant) tokenized
/// once, at catalog load, so rendering on the request path does not rescan them.
///
/// Compact, because a store has one per formatted string (99,000 in a
/// 110,000-string store): literal text is not copied out of the text but read
/// back from it by UTF-8 offsets, and only the other tokens (specifiers,
/// substitutions, invalid `%` sequences, and the rare literal that decodes `%%`)
/// are stored, each with its range. No dictionary: a string has a handful of
/// texts at most, found by comparing the text (its storage is shared, so equal
/// texts usually compare by identity).
public struct FormatTokenTable: Sendable, Hashable {
    /// One text and its non-literal tokens in order.
    struct Compiled: Sendable, Hashable {
        let text: String
        let marks: [Mark]
    }

    /// A token and the UTF-8 offsets of its source in the text.
    struct Mark: Sendable, Hashable {
        let start: UInt32
        let end: UInt32
        let token: FormatToken
    }

    private var texts: [Compiled] = []

    /// Tokenizes every text of `string` that contains a `%`.
    public init(_ string: LocalizedString) {
        add(string.template)
        for variable in string.variables.values {
            for text in variable.variants.values { add(text) }
        }
    }

    /// The tokens of `text`, if it is one of the string's texts.
    public func tokens(for text: String) -> [FormatToken]? {
        guard let compiled = compiled(for: text) else { return nil }
        var tokens: [FormatToken] = []
        try? compiled.forEachPiece(literal: { tokens.append(.literal(String($0))) }, token: { tokens.append($0) })
        return tokens
    }

    func compiled(for text: String) -> Compiled? {
        texts.first { $0.text == text }
    }

    private mutating func add(_ text: String) {
        guard compiled(for: text) == nil, text.utf8.contains(UInt8(ascii: "%")) else { return }
        var marks: [Mark] = []
        var offset = 0
        for token in FormatToken.tokens(in: text) {
            if case .literal(let literal) = token {
                // Each `%` of a literal was `%%` in the text; without one, the run is plain
                // text, read back from `text` when rendering. (Counted here: `source`
                // would search with Foundation, the costliest step of a store's load.)
                let percents = literal.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "%") ? 1 : 0) }
                let length = literal.utf8.count + percents
                if percents > 0 { marks.append(Mark(start: UInt32(offset), end: UInt32(offset + length), token: token)) }
                offset += length
                continue
            }
            let length = token.source.utf8.count
            marks.append(Mark(start: UInt32(offset), end: UInt32(offset + length), token: token))
            offset += length
        }
        texts.append(Compiled(text: text, marks: marks))
    }
}

extension FormatTokenTable.Compiled {
    /// Calls `literal` with each run of plain text (a slice of the text, no copy)
    /// and `token` with every other token, in order.
    func forEachPiece(literal: (Substring) throws(FormatError) -> Void,
                      token: (FormatToken) throws(FormatError) -> Void) throws(FormatError) {
        let utf8 = text.utf8
        var position = utf8.startIndex
        for mark in marks {
            let start = utf8.index(utf8.startIndex, offsetBy: Int(mark.start))
            if start > position { try literal(Substring(utf8[position..<start])) }
            try token(mark.token)
            position = utf8.index(utf8.startIndex, offsetBy: Int(mark.end))
        }
        if position < utf8.endIndex { try literal(Substring(utf8[position...])) }
    }
}
