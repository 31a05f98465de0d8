/// The rules that turn one English noun into the other number (``EnglishInflection``).
extension EnglishInflection {
    /// The plural of `word`, or nil when no rule or table entry justifies one.
    package static func plural(of word: String) -> String? {
        let lower = word.lowercased()
        guard !lower.isEmpty, lower.utf8.allSatisfy({ isASCIILetter($0) || $0 == UInt8(ascii: "'") }) else { return nil }
        if uncountable.contains(lower) || irregularSingulars[lower] != nil { return word }
        if let plural = irregularPlurals[lower] { return matchingCase(plural, of: word) }
        let bytes = Array(lower.utf8)
        let last = bytes[bytes.count - 1]
        let before = bytes.count >= 2 ? bytes[bytes.count - 2] : 0
        let suffix: String?
        switch last {
        case UInt8(ascii: "y"):
            suffix = before != 0 && !isVowel(before) ? nil : "s"
            if suffix == nil { return matchingCase(String(lower.dropLast()) + "ies", of: word) }
        case UInt8(ascii: "s"):
            suffix = before == UInt8(ascii: "s") || before == UInt8(ascii: "u") ? "es" : nil
        case UInt8(ascii: "x"):
            suffix = "es"
        case UInt8(ascii: "h"):
            suffix = before == UInt8(ascii: "s") || before == UInt8(ascii: "c") ? "es" : "s"
        case UInt8(ascii: "z"):
            suffix = before == UInt8(ascii: "z") || (before != 0 && !isVowel(before)) ? "es" : nil
        case UInt8(ascii: "f"), UInt8(ascii: "o"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "'"):
            suffix = nil
        case UInt8(ascii: "e") where before == UInt8(ascii: "f"):
            suffix = nil
        default:
            suffix = "s"
        }
        guard let suffix else { return nil }
        return word + (isAllUpper(word) ? suffix.uppercased() : suffix)
    }

    /// The singular of `word` when the table knows it as a plural (or it does not change);
    /// nil otherwise.
    package static func singular(of word: String) -> String? {
        let lower = word.lowercased()
        if uncountable.contains(lower) || irregularPlurals[lower] != nil { return word }
        guard let singular = irregularSingulars[lower] else { return nil }
        return matchingCase(singular, of: word)
    }

    /// `form` (lower case) written in the case pattern of `word`: all capitals, a capital
    /// first letter, or lower case.
    private static func matchingCase(_ form: String, of word: String) -> String {
        if isAllUpper(word) && word.utf8.count > 1 { return form.uppercased() }
        if let first = word.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") {
            return form.prefix(1).uppercased() + form.dropFirst()
        }
        return form
    }

    private static func isAllUpper(_ word: String) -> Bool {
        word.utf8.allSatisfy { !($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isVowel(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"): return true
        default: return false
        }
    }
}
