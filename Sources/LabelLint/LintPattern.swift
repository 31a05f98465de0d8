/// A key or table pattern of a lint rule's scope: `*` matches any run of characters
/// (dots included), `?` exactly one character, every other character itself. Matched
/// against the whole name, ignoring case (`*.label` matches `Save.Label`). There are no
/// character classes or escapes: `[` is an ordinary character.
///
/// Matching is linear in the name for a pattern with at most one `*` and bounded by
/// name × pattern length otherwise; patterns are at most ``maximumLength`` characters.
package struct LintPattern: Sendable, Hashable, CustomStringConvertible {
    /// The longest pattern accepted, in characters.
    package static let maximumLength = 256

    /// The pattern as written.
    package let text: String
    /// Lowercased characters with runs of `*` collapsed to one.
    private let characters: [Character]
    /// For `*` followed by ASCII without `?` or `*` (`*.label`): those bytes, lowercased,
    /// matched against an ASCII name without lowercasing it (the common case, per entry).
    private let asciiSuffix: [UInt8]?

    /// `nil` when the pattern is empty or longer than ``maximumLength``.
    package init?(_ text: String) {
        guard !text.isEmpty, text.count <= Self.maximumLength else { return nil }
        self.text = text
        var characters: [Character] = []
        for character in text.lowercased() where !(character == "*" && characters.last == "*") {
            characters.append(character)
        }
        self.characters = characters
        let tail = characters.dropFirst()
        if characters.first == "*", !tail.isEmpty, tail.allSatisfy({ $0.isASCII && $0 != "*" && $0 != "?" }) {
            asciiSuffix = Array(String(tail).utf8)
        } else {
            asciiSuffix = nil
        }
    }

    package var description: String { text }

    /// Whether the whole of `name` matches, ignoring case.
    package func matches(_ name: String) -> Bool {
        if characters == ["*"] { return true }
        if let asciiSuffix, let matched = Self.hasASCIISuffix(name, asciiSuffix) { return matched }
        let name = Array(name.lowercased())
        var n = 0
        var p = 0
        // The last `*` seen and the name position it was tried at: on a mismatch the
        // star takes one more character (the classic two-pointer wildcard match).
        var star: Int?
        var resume = 0
        while n < name.count {
            if p < characters.count, characters[p] == "?" || (characters[p] != "*" && characters[p] == name[n]) {
                n += 1
                p += 1
            } else if p < characters.count, characters[p] == "*" {
                star = p
                resume = n
                p += 1
            } else if let star {
                p = star + 1
                resume += 1
                n = resume
            } else {
                return false
            }
        }
        while p < characters.count, characters[p] == "*" { p += 1 }
        return p == characters.count
    }

    /// Whether ASCII `name` ends with `suffix` (lowercase ASCII), ignoring case; `nil`
    /// when `name` is not ASCII (lowercasing may then change its length).
    private static func hasASCIISuffix(_ name: String, _ suffix: [UInt8]) -> Bool? {
        let utf8 = name.utf8
        guard utf8.count >= suffix.count else { return utf8.allSatisfy { $0 < 0x80 } ? false : nil }
        var matched = true
        var index = suffix.count - 1
        for byte in utf8.reversed() {
            guard byte < 0x80 else { return nil }
            if index >= 0 {
                let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                if lower != suffix[index] { matched = false }
                index -= 1
            }
        }
        return matched
    }
}
