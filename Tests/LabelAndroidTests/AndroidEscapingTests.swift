import Testing
@testable import LabelAndroid

/// What naive converters get wrong, each as aapt2 must read it back.
let hostileValues = [
    "It's", "Say \"hi\"", "back\\slash \\n", "@string/app_name", "?attr/colorPrimary", "<b>bold</b> & co ]]>",
    "line one\nline two", "tab\there", "carriage\rreturn", "  leading", "trailing  ", "double  space",
    "\u{00A0}nbsp\u{00A0}", "thin\u{2009}space", "line\u{2028}separator", "ctrl\u{0001}char\u{001F}",
    "emoji 👍🏽 𝄞", "#hash", "\\u0041 stays", "\"", "", "   ", "a\u{FFFE}b", "'quoted'",
]

@Test(arguments: hostileValues)
func escapedValueDecodesToItselfUnderAapt2Rules(_ value: String) throws {
    let element = AndroidEscaping.elementText(value)
    #expect(try AAPT2TextModel.decode(element) == value, "\(element)")
    // Nothing XML 1.0 forbids reaches the file.
    #expect(!element.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0xFFFE || $0.value == 0xFFFF })
    #expect(!element.contains("<"))
}

@Test func apostrophesQuotesAndReferencesAreEscapedNotQuoted() {
    #expect(AndroidEscaping.elementText("It's") == "It\\'s")
    #expect(AndroidEscaping.elementText("@home") == "\\@home")
    #expect(AndroidEscaping.elementText("a@b?") == "a@b?")
    #expect(AndroidEscaping.elementText("1 < 2 & 3") == "1 &lt; 2 &amp; 3")
    #expect(AndroidEscaping.elementText("two\nlines") == "two\\nlines")
}

@Test func onlyWhitespaceAapt2WouldCollapseIsQuoted() {
    #expect(AndroidEscaping.elementText("one space") == "one space")
    #expect(AndroidEscaping.elementText(" lead") == "\" lead\"")
    #expect(AndroidEscaping.elementText("two  spaces") == "\"two  spaces\"")
    #expect(AndroidEscaping.elementText("nb\u{00A0}sp") == "\"nb\u{00A0}sp\"")
}

@Test func commentTextNeverClosesTheComment() {
    let text = AndroidEscaping.commentText("a -- b --> c-\u{0001}-")
    #expect(!text.contains("--"))
    #expect(!text.hasSuffix("-"))
}
