import LabelCore

extension Linter {
    /// A stretch of text that is UTF-8 decoded with a single-byte encoding.
    struct Mojibake: Sendable, Hashable {
        /// As written in the store (`√§`).
        var garbled: String
        /// What the bytes say as UTF-8 (`ä`).
        var intended: String
        /// `Mac Roman` or `Latin-1/Windows-1252`.
        var encoding: String
    }

    /// Finds the first mojibake in `text`: a run of characters whose bytes in
    /// Latin-1/Windows-1252 or Mac Roman form one well-formed multi-byte UTF-8
    /// sequence that decodes to a letter, typographic punctuation or an emoji.
    ///
    /// Real text in those encodings almost never has a lead byte (`Ã`, `√`)
    /// followed by exactly the right number of continuation bytes, and the
    /// plausibility check on the decoded character removes the remaining
    /// accidents (`“Ü` would decode to a combining mark). Scripts outside the
    /// encodings (Cyrillic, Arabic) never match.
    static func mojibake(in text: String) -> Mojibake? {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x80 }) else { return nil }
        let scalars = Array(text.unicodeScalars)
        for (name, table) in [("Latin-1/Windows-1252", windows1252), ("Mac Roman", macRoman)] {
            let bytes = scalars.map { $0.value < 0x80 ? UInt8($0.value) : table[$0] }
            var index = 0
            while index < bytes.count {
                defer { index += 1 }
                guard let lead = bytes[index], let length = sequenceLength(lead), index + length <= bytes.count else { continue }
                let sequence = bytes[index..<index + length].compactMap { $0 }
                guard sequence.count == length, sequence.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }) else { continue }
                var decoder = UTF8()
                var iterator = sequence.makeIterator()
                guard case .scalarValue(let scalar) = decoder.decode(&iterator), plausible(scalar) else { continue }
                var garbled = String.UnicodeScalarView()
                garbled.append(contentsOf: scalars[index..<index + length])
                return Mojibake(garbled: String(garbled), intended: String(Character(scalar)), encoding: name)
            }
        }
        return nil
    }

    /// Bytes in a UTF-8 sequence started by `lead`; `nil` if it cannot start one.
    private static func sequenceLength(_ lead: UInt8) -> Int? {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: nil
        }
    }

    /// Characters mojibake usually stands for: Latin-1 and Latin Extended-A letters
    /// and symbols, basic Greek and Cyrillic, typographic punctuation (’ “ – …),
    /// the euro and trademark signs, kana and CJK ideographs, Hangul, emoji.
    ///
    /// Deliberately narrow: legitimate French or German text in Mac Roman terms
    /// pairs punctuation with accented letters (`l’écran` is `D5 8E`, which is
    /// Armenian `Վ` as UTF-8), and those land outside these ranges.
    private static let plausibleRanges: [ClosedRange<UInt32>] = [
        0xA0...0x17F, 0x391...0x3C9, 0x400...0x45F, 0x2010...0x206F, 0x20AC...0x20AC, 0x2122...0x2122,
        0x3040...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x1F000...0x1FAFF,
    ]

    private static func plausible(_ scalar: Unicode.Scalar) -> Bool {
        plausibleRanges.contains { $0.contains(scalar.value) }
    }

    /// Character → byte for bytes 0x80–0xFF of Windows-1252, plus Latin-1's C1
    /// controls for the five bytes 1252 leaves undefined and for the rest of
    /// Latin-1's C1 range, since either decoder may have produced the text.
    private static let windows1252: [Unicode.Scalar: UInt8] = {
        let upper: [Unicode.Scalar] = Array("\u{20AC}\u{81}\u{201A}\u{192}\u{201E}\u{2026}\u{2020}\u{2021}\u{2C6}\u{2030}\u{160}\u{2039}\u{152}\u{8D}\u{17D}\u{8F}\u{90}\u{2018}\u{2019}\u{201C}\u{201D}\u{2022}\u{2013}\u{2014}\u{2DC}\u{2122}\u{161}\u{203A}\u{153}\u{9D}\u{17E}\u{178}".unicodeScalars)
        var table: [Unicode.Scalar: UInt8] = [:]
        for byte in 0x80...0xFF { table[Unicode.Scalar(UInt8(byte))] = UInt8(byte) }
        for (offset, scalar) in upper.enumerated() { table[scalar] = UInt8(0x80 + offset) }
        return table
    }()

    /// Character → byte for bytes 0x80–0xFF of Mac Roman.
    private static let macRoman: [Unicode.Scalar: UInt8] = {
        let upper = Array("\u{C4}\u{C5}\u{C7}\u{C9}\u{D1}\u{D6}\u{DC}\u{E1}\u{E0}\u{E2}\u{E4}\u{E3}\u{E5}\u{E7}\u{E9}\u{E8}\u{EA}\u{EB}\u{ED}\u{EC}\u{EE}\u{EF}\u{F1}\u{F3}\u{F2}\u{F4}\u{F6}\u{F5}\u{FA}\u{F9}\u{FB}\u{FC}\u{2020}\u{B0}\u{A2}\u{A3}\u{A7}\u{2022}\u{B6}\u{DF}\u{AE}\u{A9}\u{2122}\u{B4}\u{A8}\u{2260}\u{C6}\u{D8}\u{221E}\u{B1}\u{2264}\u{2265}\u{A5}\u{B5}\u{2202}\u{2211}\u{220F}\u{3C0}\u{222B}\u{AA}\u{BA}\u{3A9}\u{E6}\u{F8}\u{BF}\u{A1}\u{AC}\u{221A}\u{192}\u{2248}\u{2206}\u{AB}\u{BB}\u{2026}\u{A0}\u{C0}\u{C3}\u{D5}\u{152}\u{153}\u{2013}\u{2014}\u{201C}\u{201D}\u{2018}\u{2019}\u{F7}\u{25CA}\u{FF}\u{178}\u{2044}\u{20AC}\u{2039}\u{203A}\u{FB01}\u{FB02}\u{2021}\u{B7}\u{201A}\u{201E}\u{2030}\u{C2}\u{CA}\u{C1}\u{CB}\u{C8}\u{CD}\u{CE}\u{CF}\u{CC}\u{D3}\u{D4}\u{F8FF}\u{D2}\u{DA}\u{DB}\u{D9}\u{131}\u{2C6}\u{2DC}\u{AF}\u{2D8}\u{2D9}\u{2DA}\u{B8}\u{2DD}\u{2DB}\u{2C7}".unicodeScalars)
        var table: [Unicode.Scalar: UInt8] = [:]
        for (offset, scalar) in upper.enumerated() { table[scalar] = UInt8(0x80 + offset) }
        return table
    }()
}
