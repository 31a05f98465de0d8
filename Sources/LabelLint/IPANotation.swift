import Foundation

/// The characters `lint` accepts in an `accessibilitySpeechPhoneticNotation` value
/// (`ipa-characters`, documented in `docs/lint.md`): IPA's own blocks, the Latin and Greek
/// letters IPA borrows, and its few punctuation marks. Anything else (`'` typed for `ˈ`,
/// `:` for `ː`, digits, a respelling such as `MUE-ren`) is a pronunciation VoiceOver
/// cannot read as IPA.
enum IPANotation {
    /// The first character of `text` outside the set, if any. A precomposed letter
    /// (`ã`, `é`) counts as its canonical decomposition (`a` + U+0303), as IPA writes it.
    static func firstForeignCharacter(in text: String) -> Unicode.Scalar? {
        for scalar in text.unicodeScalars where !isIPA(scalar) {
            let decomposed = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars
            if decomposed.count < 2 || !decomposed.allSatisfy(isIPA) { return scalar }
        }
        return nil
    }

    /// Whether one scalar is in the set.
    static func isIPA(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x61...0x7A, 0x41...0x5A: true  // ASCII letters
        case 0x20, 0x2E, 0x7C: true  // space, `.` (syllable break), `|` (minor group)
        case 0x0250...0x02AF: true  // IPA Extensions
        case 0x02B0...0x02FF: true  // Spacing Modifier Letters: ˈ ˌ ː ʰ ʲ ˞ and tone letters ˥…˩
        case 0x0300...0x036F: true  // Combining Diacritical Marks (the tie bar U+0361 included)
        case 0x1D00...0x1DBF: true  // Phonetic Extensions and their supplement (ᵻ, ᵊ)
        default: borrowed.contains(scalar)
        }
    }

    /// IPA letters and marks outside its blocks: æ ç ð ø ħ ŋ œ, the click letters
    /// ǀ ǁ ǂ ǃ, Greek β θ χ, the linking ‿, the major group ‖, downstep and upstep ↓ ↑,
    /// global rise and fall ↗ ↘.
    static let borrowed: Set<Unicode.Scalar> = [
        "\u{E6}", "\u{E7}", "\u{F0}", "\u{F8}", "\u{127}", "\u{14B}", "\u{153}",
        "\u{1C0}", "\u{1C1}", "\u{1C2}", "\u{1C3}", "\u{3B2}", "\u{3B8}", "\u{3C7}",
        "\u{203F}", "\u{2016}", "\u{2193}", "\u{2191}", "\u{2197}", "\u{2198}",
    ]
}
