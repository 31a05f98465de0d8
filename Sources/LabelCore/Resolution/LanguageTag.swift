/// A well-formed BCP 47 language tag in canonical case (`de-AT`, `zh-Hant-TW`).
///
/// Tags are compared and stored canonically so that `DE_at`, `de-at` and `de-AT`
/// find the same strings. Only the shape is checked, not registry membership:
/// a well-formed tag the store has no strings for (`xx`) simply falls through
/// the language chain, while a malformed one (`../etc`, control bytes, an
/// overlong tag, an empty subtag) is rejected so that it can become a 400.
/// Private-use tags (`x-klingon`) and RFC 5646's grandfathered tags (`i-klingon`,
/// `en-GB-oed`, `zh-min-nan`) are well-formed too (see ``LanguageTag/grandfathered``).
public struct LanguageTag: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The canonical text: language lowercase, script titlecase, region uppercase.
    public let rawValue: String

    /// The longest tag accepted. RFC 5646 §4.4.1 asks for 35 characters for
    /// language-extlang-script-region-variant; private-use suffixes get some room.
    public static let maximumLength = 64

    /// Parses a tag, accepting any case and `_` for `-`.
    ///
    /// - Parameter text: The tag as a client or a folder name wrote it.
    /// - Returns: `nil` when `text` is not a well-formed tag.
    public init?(_ text: some StringProtocol) {
        self.init(parsing: text)
    }

    /// ``init(_:)`` for a `String` (a query's `lang`): specialized here, where the
    /// generic one called from another module is not.
    public init?(_ text: String) {
        self.init(parsing: text)
    }

    private init?<Text: StringProtocol>(parsing text: Text) {
        guard !text.isEmpty, text.utf8.count <= Self.maximumLength else { return nil }
        if Self.isSimpleCanonical(text.utf8) {
            // `de`, `pt-BR`: already what canonicalizing would give (the usual query).
            rawValue = String(text)
            return
        }
        var subtags: [String] = []
        var current: [UInt8] = []
        current.reserveCapacity(8)
        func flush() -> Bool {
            guard !current.isEmpty, current.count <= 8 else { return false }
            subtags.append(String(decoding: current, as: UTF8.self))
            current.removeAll(keepingCapacity: true)
            return true
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "_"):
                guard flush() else { return nil }
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"):
                current.append(byte)
            default:
                return nil
            }
        }
        guard flush() else { return nil }
        guard let canonical = Self.canonicalize(subtags) else { return nil }
        rawValue = canonical
    }

    /// The primary language subtag (`de` for `de-AT`).
    public var language: Substring {
        rawValue.prefix { $0 != "-" }
    }

    /// The tag and its truncations, most specific first: `zh-Hant-TW`, `zh-Hant`, `zh`.
    ///
    /// As in RFC 4647 lookup, a single-character subtag (`x`, an extension
    /// singleton) is dropped together with the subtag that follows it.
    /// A grandfathered tag (`zh-min-nan`) is a whole and has no truncations but itself.
    public var truncations: [LanguageTag] {
        if isGrandfathered { return [self] }
        var parts = rawValue.split(separator: "-")
        var result = [self]
        while parts.count > 1 {
            parts.removeLast()
            if let last = parts.last, last.count == 1 { parts.removeLast() }
            guard !parts.isEmpty else { break }
            var text = String(parts[0])
            for part in parts.dropFirst() { text += "-"; text += part }
            result.append(LanguageTag(canonical: text))
        }
        return result
    }

    public var description: String { rawValue }

    public static func < (lhs: LanguageTag, rhs: LanguageTag) -> Bool { lhs.rawValue < rhs.rawValue }

    private init(canonical: String) { rawValue = canonical }

    /// Applies BCP 47 case conventions and checks the primary subtag's shape.
    ///
    /// RFC 5646 §2.1: the language subtag is 2-3 or 5-8 letters (four-letter ones are
    /// reserved for future use: no language has one, and a folder such as `Main.lproj` is
    /// no language); a tag may also be private use only (`x-klingon`) or one of the
    /// irregular grandfathered tags (`i-klingon`), the only tags that start with a singleton.
    private static func canonicalize(_ subtags: [String]) -> String? {
        guard let first = subtags.first else { return nil }
        if first.count == 1 { return canonicalizeSingletonFirst(subtags) }
        guard (2...3).contains(first.count) || (5...8).contains(first.count),
              first.utf8.allSatisfy(isLetter) else { return nil }
        var out = [first.lowercased()]
        var afterSingleton = false
        for (index, subtag) in subtags.enumerated().dropFirst() {
            if afterSingleton || subtag.count == 1 {
                // Extensions and private use keep lowercase by convention.
                out.append(subtag.lowercased())
                afterSingleton = true
                continue
            }
            let letters = subtag.utf8.allSatisfy(isLetter)
            if index >= 1, subtag.count == 4, letters {
                out.append(subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased())
            } else if subtag.count == 2, letters {
                out.append(subtag.uppercased())
            } else {
                out.append(subtag.lowercased())
            }
        }
        // Joined by hand: `joined(separator:)` is generic, and its first use makes the
        // runtime resolve associated types during start-up.
        var text = out[0]
        for subtag in out.dropFirst() { text += "-"; text += subtag }
        return text
    }

    /// `x-…` (private use, at least one subtag after `x`) or a registered `i-…` tag, lowercase.
    private static func canonicalizeSingletonFirst(_ subtags: [String]) -> String? {
        guard subtags.count >= 2 else { return nil }
        var text = subtags[0].lowercased()
        for subtag in subtags.dropFirst() { text += "-"; text += subtag.lowercased() }
        switch subtags[0] {
        case "x", "X": return text
        case "i", "I": return grandfathered[text] != nil ? text : nil
        default: return nil
        }
    }

    /// `ll`, `lll`, `ll-RR` or `lll-RR` in canonical case.
    private static func isSimpleCanonical(_ utf8: some Collection<UInt8>) -> Bool {
        var index = utf8.startIndex
        var count = 0
        while index != utf8.endIndex, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(utf8[index]) {
            count += 1
            utf8.formIndex(after: &index)
        }
        guard count == 2 || count == 3 else { return false }
        if index == utf8.endIndex { return true }
        guard utf8[index] == UInt8(ascii: "-") else { return false }
        utf8.formIndex(after: &index)
        count = 0
        while index != utf8.endIndex, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(utf8[index]) {
            count += 1
            utf8.formIndex(after: &index)
        }
        return count == 2 && index == utf8.endIndex
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }
}
