import Testing
import LabelScan

/// Literals are read as the compiler reads them.
@Suite struct SourceLiteralTests {
    @Test func escapesAreDecoded() {
        #expect(scanKeys(#"Text("a\tb\"c\\d\'e\0f\n")"#) == ["a\tb\"c\\d'e\0f\n"])
    }

    @Test func unicodeEscapesAreDecoded() {
        #expect(scanKeys(#"Text("caf\u{E9} \u{1F600}")"#) == ["café 😀"])
    }

    @Test func anInvalidEscapeIsKeptAsWritten() {
        #expect(scanKeys(#"Text("a\qb \u{ZZ}")"#) == [#"a\qb \u{ZZ}"#])
    }

    @Test func multiLineLiteralsLoseTheClosingIndentationAndOuterNewlines() {
        let source = "Text(\"\"\"\n        first line\n          indented \"quoted\"\n        last\n        \"\"\")"
        #expect(scanKeys(source) == ["first line\n  indented \"quoted\"\nlast"])
    }

    @Test func aBackslashAtTheEndOfAMultiLineLineJoinsIt() {
        let source = "Text(\"\"\"\n    one \\\n    two\n    \"\"\")"
        #expect(scanKeys(source) == ["one two"])
    }

    @Test func anEmptyMultiLineLiteralIsEmpty() {
        #expect(scanKeys("Text(\"\"\"\n  \"\"\")") == [""])
    }

    @Test func rawLiteralsKeepBackslashesAndQuotes() {
        #expect(scanKeys(##"Text(#"raw \n "quoted""#)"##) == [#"raw \n "quoted""#])
        #expect(scanKeys(###"Text(##"a "# b"##)"###) == [##"a "# b"##])
    }

    @Test func rawLiteralsEscapeWithTheirPounds() {
        #expect(scanKeys(##"Text(#"tab\#there"#)"##) == ["tab\there"])
        #expect(scanKeys(##"Text(#"\#(count) items"#)"##) == ["%@ items"])
    }

    @Test func rawMultiLineLiterals() {
        let source = "Text(#\"\"\"\n  a \\n \"\"\" b\n  \"\"\"#)"
        #expect(scanKeys(source) == [#"a \n """ b"#])
    }

    @Test func literalsJoinedWithPlusAreOneKey() {
        #expect(scanKeys(#"NSLocalizedString("settings." + "title", comment: "")"#) == ["settings.title"])
        #expect(scanKeys(#"NSLocalizedString("a" + name, comment: "")"#) == [nil])
    }

    @Test func interpolationsBecomePatternKeys() {
        let sites = scanSites(#"Text("\(count) of \(total.formatted()) \("nested")")"#)
        #expect(sites.map(\.key) == ["%@ of %@ %@"])
        #expect(sites.map(\.kind) == [.interpolated])
        #expect(sites[0].segments == ["", " of ", " ", ""])
    }

    @Test func aMultiLineInterpolationIsOneInterpolation() {
        let source = "Text(\"\"\"\n  \\(items.map { \"x\" }\n    .count) left\n  \"\"\")"
        #expect(scanKeys(source) == ["%@ left"])
    }

    @Test func unterminatedLiteralsAndCommentsEndTheFileWithoutTrapping() {
        for source in ["Text(\"abc", "Text(\"\"\"\nabc", "Text(#\"abc", "/* Text(\"a\")", "Text(\"\\u{", "Text(\"\\(", "\"\\"] {
            _ = scanSites(source)
            _ = scanSites(source, language: .objectiveC)
        }
    }

    @Test func arbitraryBytesNeverTrap() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let alphabet = Array("\"#\\(){}[]/*@'`\n u{}Text(NSLocalizedString\"\"\"+:,.?".utf8)
        for _ in 0..<2000 {
            var bytes: [UInt8] = []
            for _ in 0..<64 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                bytes.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            let text = String(decoding: bytes, as: UTF8.self)
            _ = scanSites(text)
            _ = scanSites(text, language: .objectiveC)
        }
    }
}
