import Testing
import LabelCore

@Suite struct LabelKeyValidationTests {
    /// What the rule says, byte by byte: C0 controls and DEL are refused, TAB, LF and CR are not.
    private func refused(_ byte: UInt8) -> Bool {
        (byte < 0x20 || byte == 0x7F) && byte != 0x09 && byte != 0x0A && byte != 0x0D
    }

    @Test func everyASCIIByteIsJudgedByTheRuleInShortAndLongKeysAtAnyPlace() {
        for byte in UInt8(0)..<128 {
            let scalar = String(UnicodeScalar(byte))
            // Short keys are small strings (stored inline), long ones heap strings.
            for key in [scalar, "a" + scalar + "b", "coins." + scalar, String(repeating: "ä", count: 40) + scalar,
                        scalar + String(repeating: "x", count: 100) + "\u{1}"] {
                let expected: LabelKeyValidation.Problem? = refused(byte)
                    ? .controlCharacter(byte)
                    : key.utf8.contains(1) ? .controlCharacter(1) : nil
                #expect(LabelKeyValidation.problem(key, maximumBytes: 1024) == expected, "\(key.debugDescription)")
            }
        }
        #expect(LabelKeyValidation.problem("", maximumBytes: 1024) == .empty)
        #expect(LabelKeyValidation.problem("coins.count", maximumBytes: 1024) == nil)
        #expect(LabelKeyValidation.problem("😀 Münzen €", maximumBytes: 1024) == nil)
    }
}
