/// The texts of one ``LocalizedString`` (template and every variant) tokenized
/// once, at catalog load, so rendering on the request path does not rescan them.
public struct FormatTokenTable: Sendable, Hashable {
    private var storage: [String: [FormatToken]] = [:]

    /// Tokenizes every text of `string` that contains a `%`.
    public init(_ string: LocalizedString) {
        add(string.template)
        for variable in string.variables.values {
            for text in variable.variants.values { add(text) }
        }
    }

    /// The tokens of `text`, if it is one of the string's texts.
    public func tokens(for text: String) -> [FormatToken]? { storage[text] }

    private mutating func add(_ text: String) {
        guard storage[text] == nil, text.utf8.contains(UInt8(ascii: "%")) else { return }
        storage[text] = FormatToken.tokens(in: text)
    }
}
