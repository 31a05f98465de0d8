/// What a developer wrote for translators about one key: the comment above a
/// development-language `.strings` entry, a String Catalog entry's `comment`, or a call
/// site's `comment:` argument. One rule for all of them (docs/decisions/developer-comments.md).
package enum DeveloperComment {
    /// The longest comment kept, in UTF-8 bytes; a longer one is cut at a character
    /// boundary and ends with `…`. A comment is context for a translator, not a document:
    /// a store or a source file cannot make an export, or the memory the comments take,
    /// grow without bound.
    package static let maximumBytes = 2_000

    /// What Xcode writes where the developer gave no comment; it is no comment.
    package static let xcodePlaceholder = "No comment provided by engineer."

    /// `text` trimmed (spaces and line breaks at either end; lines within kept as written), bounded to
    /// ``maximumBytes``; `nil` when nothing is left or it is Xcode's placeholder.
    package static func cleaned(_ text: String) -> String? {
        // By scalars, not Foundation's trimming: on Linux that bridges every comment of a
        // store to an NSString and back, which made loading a store with comments slow.
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return nil }
        let trimmed = first == scalars.startIndex && last == scalars.index(before: scalars.endIndex)
            ? text : String(scalars[first...last])
        guard trimmed != xcodePlaceholder else { return nil }
        return bounded(trimmed)
    }

    /// Spaces and line breaks (Unicode White_Space), which trimming removes at either end.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? (scalar == " " || (0x09...0x0D).contains(scalar.value)) : scalar.properties.isWhitespace
    }

    /// `text` cut to at most ``maximumBytes`` UTF-8 bytes at a character boundary, `…` added.
    package static func bounded(_ text: String) -> String {
        guard text.utf8.count > maximumBytes else { return text }
        var kept = Substring()
        var bytes = 0
        let limit = maximumBytes - "…".utf8.count
        for character in text {
            let size = character.utf8.count
            guard bytes + size <= limit else { break }
            bytes += size
            kept.append(character)
        }
        return kept + "…"
    }
}
