import Foundation
import TestSupport
import Testing
@testable import LabelCore

private let fileName = "de.lproj/Localizable.strings"

private func parse(_ text: String) throws -> StringsFile {
    try StringsFileParser.parse(Data(text.utf8), file: fileName)
}

private func parseError(_ text: String) -> StringsParseError? {
    parseError(Data(text.utf8))
}

private func parseError(_ data: Data) -> StringsParseError? {
    do {
        _ = try StringsFileParser.parse(data, file: fileName)
        return nil
    } catch {
        return error
    }
}

private func utf16(_ text: String, bigEndian: Bool) -> Data {
    var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
    for unit in text.utf16 {
        let high = UInt8(unit >> 8), low = UInt8(unit & 0xFF)
        bytes += bigEndian ? [high, low] : [low, high]
    }
    return Data(bytes)
}

struct StringsFileParserEncodingTests {
    let sample = "/* Comment */\n\"Größe\" = \"Größe 😀\";\n"

    @Test func utf16LittleEndianWithByteOrderMarkIsDecoded() throws {
        let file = try StringsFileParser.parse(utf16(sample, bigEndian: false), file: fileName)
        #expect(file.encoding == .utf16LittleEndian)
        #expect(file.values == ["Größe": "Größe 😀"])
        #expect(file.entries[0].location == SourceLocation(file: fileName, line: 2, column: 1))
    }

    @Test func utf16BigEndianWithByteOrderMarkIsDecoded() throws {
        let file = try StringsFileParser.parse(utf16(sample, bigEndian: true), file: fileName)
        #expect(file.encoding == .utf16BigEndian)
        #expect(file.values == ["Größe": "Größe 😀"])
    }

    @Test func utf8ByteOrderMarkIsSkipped() throws {
        let file = try StringsFileParser.parse(Data([0xEF, 0xBB, 0xBF] + Array(sample.utf8)), file: fileName)
        #expect(file.encoding == .utf8)
        #expect(file.values == ["Größe": "Größe 😀"])
        #expect(file.entries[0].location.column == 1)
    }

    @Test func invalidUTF8IsAnErrorAtTheBadCharacter() throws {
        var bytes = Array("\"a\" = \"b\";\n\"ä\" = \"".utf8)
        let offset = bytes.count
        bytes += [0xC3, 0x28] + Array("\";".utf8)
        let error = try #require(parseError(Data(bytes)))
        #expect(error.reason == .invalidUTF8(byteOffset: offset))
        #expect(error.location == SourceLocation(file: fileName, line: 2, column: 8))
    }

    @Test func overlongAndSurrogateUTF8AreRejected() {
        #expect(parseError(Data([0x22, 0xC0, 0xAF, 0x22]))?.reason == .invalidUTF8(byteOffset: 1))
        #expect(parseError(Data([0x22, 0xED, 0xA0, 0x80, 0x22]))?.reason == .invalidUTF8(byteOffset: 1))
        #expect(parseError(Data([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22]))?.reason == .invalidUTF8(byteOffset: 1))
    }

    @Test func oddLengthUTF16IsAnError() {
        var data = utf16("\"a\" = \"b\";", bigEndian: false)
        data.append(0x0A)
        #expect(parseError(data)?.reason == .invalidUTF16(byteOffset: data.count - 1))
    }

    @Test func unpairedSurrogateInUTF16IsAnError() {
        let bytes: [UInt8] = [0xFF, 0xFE, 0x22, 0x00, 0x3D, 0xD8, 0x22, 0x00]
        let error = parseError(Data(bytes))
        #expect(error?.reason == .invalidUTF16(byteOffset: 4))
        #expect(error?.location.column == 2)
    }

    @Test func utf16WithoutByteOrderMarkIsReportedAsSuch() throws {
        var bytes: [UInt8] = []
        for unit in "\"a\" = \"b\";".utf16 { bytes += [UInt8(unit), 0] }
        #expect(parseError(Data(bytes))?.reason == .utf16WithoutByteOrderMark)
    }

    @Test func theCompiledBinaryPropertyListFormIsDecoded() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["b": "2", "a": "1"], format: .binary, options: 0)
        let file = try StringsFileParser.parse(data, file: fileName)
        #expect(file.encoding == .binaryPropertyList)
        #expect(file.entries.map(\.key) == ["a", "b"])
        #expect(file.values == ["a": "1", "b": "2"])
    }

    @Test func theXMLPropertyListFormIsDecoded() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["Hallo": "Welt"], format: .xml, options: 0)
        let file = try StringsFileParser.parse(data, file: fileName)
        #expect(file.encoding == .xmlPropertyList)
        #expect(file.values == ["Hallo": "Welt"])
    }

    @Test func aPropertyListThatIsNotAStringDictionaryIsRejected() throws {
        let nested = try PropertyListSerialization.data(fromPropertyList: ["a": ["b": "c"]], format: .binary, options: 0)
        #expect(parseError(nested)?.reason == .notAStringDictionary("the value of \"a\" is not a string"))
        let array = try PropertyListSerialization.data(fromPropertyList: ["a"], format: .xml, options: 0)
        guard case .notAStringDictionary? = parseError(array)?.reason else {
            Issue.record("an array is not a strings table")
            return
        }
        guard case .invalidPropertyList? = parseError(Data("bplist00".utf8) + Data([0, 0xFF, 0x10, 0x22]))?.reason else {
            Issue.record("a broken bplist is an invalid property list")
            return
        }
    }
}

struct StringsFileParserGrammarTests {
    @Test func unicodeEscapesTakeFourHexDigits() throws {
        #expect(try parse(#""k" = "\U00e4\U00C4x";"#).values["k"] == "äÄx")
    }

    @Test func surrogatePairEscapesMakeOneCharacter() throws {
        #expect(try parse(#""k" = "\UD83D\UDE00";"#).values["k"] == "😀")
    }

    @Test func anUnpairedSurrogateEscapeIsAnErrorAtTheEscape() {
        let error = parseError("\"a\" = \"b\";\n\"k\" = \"x\\UD83Dy\";")
        #expect(error?.reason == .invalidEscape)
        #expect(error?.location == SourceLocation(file: fileName, line: 2, column: 9))
        #expect(parseError(#""k" = "\UDE00";"#)?.reason == .invalidEscape)
    }

    @Test func shortUnicodeEscapesReadTheHexDigitsThereAreAndWarn() throws {
        let file = try parse(#""k" = "\U41G\Uzz";"#)
        #expect(file.values["k"] == "AG\u{0}zz")
        #expect(file.warnings.count == 2)
        #expect(file.warnings[0].location.column == 8)
    }

    @Test func octalEscapesTakeUpToThreeDigitsInNeXTSTEPLatin() throws {
        let file = try parse(#""k" = "\101\1234\0\331\12";"#)
        #expect(file.values["k"] == "AS4\u{0}ä\n")
        // \331 is above 0x7F: warn that it is not Latin-1.
        #expect(file.warnings.count == 1)
    }

    @Test func octalEscapesWithNoNeXTSTEPCharacterBecomeNUL() throws {
        let file = try parse(#""k" = "\376\377";"#)
        #expect(file.values["k"] == "\u{0}\u{0}")
        #expect(file.warnings.map(\.location.column) == [8, 12])
    }

    @Test func controlEscapesAndEscapedQuotesAndBackslashes() throws {
        let file = try parse(#""k" = "\n\t\r\"\\\'\a\b\f\v\/";"#)
        #expect(file.values["k"] == "\n\t\r\"\\'\u{7}\u{8}\u{C}\u{B}/")
        #expect(file.warnings.isEmpty)
    }

    @Test func lowercaseUEscapeIsReadAsTheLetterWithAWarning() throws {
        let file = try parse(#""k" = "\u00e4";"#)
        #expect(file.values["k"] == "u00e4")
        #expect(file.warnings.first?.message.contains("\\U (capital)") == true)
    }

    @Test func rawNewlinesInsideQuotesAreKept() throws {
        #expect(try parse("\"k\" = \"a\nb\";").values["k"] == "a\nb")
    }

    @Test func singleQuotedStringsAreStringsToo() throws {
        #expect(try parse(#"'k' = 'say "hi"';"#).values == ["k": "say \"hi\""])
    }

    @Test func lineAndBlockCommentsAreSkipped() throws {
        let text = """
        // line comment with "quotes" and ;
        /* Class = "NSButtonCell"; title = "Install"; ObjectID = "42"; */
        "a" /* between */ = // after equals
          "b" /* before semicolon */ ;
        /* multi
           line \\" comment */ "c" = "d";
        """
        let file = try parse(text)
        #expect(file.values == ["a": "b", "c": "d"])
        #expect(file.entries[1].location == SourceLocation(file: fileName, line: 6, column: 23))
        #expect(file.warnings.isEmpty)
    }

    @Test func unquotedTokensUseCoreFoundationsCharacterSet() throws {
        let file = try parse("key = value;\nA_b$1/c:d.e-f = 42;\n")
        #expect(file.values == ["key": "value", "A_b$1/c:d.e-f": "42"])
    }

    @Test func aKeyWithoutValueIsItsOwnValue() throws {
        let file = try parse("\"Cancel\";\nOK;")
        #expect(file.values == ["Cancel": "Cancel", "OK": "OK"])
    }

    @Test func theLastOfDuplicateKeysWinsWithAWarningNamingBothLines() throws {
        let file = try parse("\"k\" = \"first\";\n\"x\" = \"y\";\n\"k\" = \"second\";\n")
        #expect(file.values["k"] == "second")
        #expect(file.entries.count == 3)
        #expect(file.warnings.count == 1)
        let warning = try #require(file.warnings.first)
        #expect(warning.location == SourceLocation(file: fileName, line: 3, column: 1))
        #expect(warning.message.contains("line 1"))
        #expect(warning.message.contains("line 3"))
    }

    @Test func anEmptyFileHasNoEntries() throws {
        for text in ["", "  \n\t", "// nothing\n/* here */"] {
            let file = try parse(text)
            #expect(file.entries.isEmpty)
            #expect(file.warnings.isEmpty)
        }
        #expect(try StringsFileParser.parse(Data([0xFF, 0xFE]), file: fileName).entries.isEmpty)
    }

    @Test func theOldStylePlistDictionaryFormIsAccepted() throws {
        #expect(try parse("{ \"a\" = \"b\"; c = d; }\n").values == ["a": "b", "c": "d"])
        #expect(parseError("{ \"a\" = \"b\"; # }")?.reason == .expectedClosingBrace)
        #expect(parseError("{ \"a\" = \"b\"; } x")?.reason == .textAfterClosingBrace)
    }

    @Test func entryColumnsCountUnicodeScalars() throws {
        let file = try parse("\"😀\" = \"a\"; \"é\" = \"b\";")
        #expect(file.entries[1].location.column == 12)
    }

    @Test func crlfCountsAsOneLineBreak() throws {
        let file = try parse("\"a\" = \"b\";\r\n\r\n\"c\" = \"d\";\r\"e\" = \"f\";")
        #expect(file.entries.map(\.location.line) == [1, 3, 4])
    }
}

struct StringsFileParserErrorTests {
    @Test func anUnterminatedValueIsAnErrorAtItsOpeningQuote() {
        let error = parseError("\"a\" = \"b\";\n\"c\" = \"never closed;\n")
        #expect(error?.reason == .unterminatedString)
        #expect(error?.location == SourceLocation(file: fileName, line: 2, column: 7))
        #expect(error?.description == "de.lproj/Localizable.strings:2:7: unterminated string")
    }

    @Test func anUnterminatedFirstKeyIsAnError() {
        let error = parseError("  \"never closed = b;")
        #expect(error?.reason == .unterminatedString)
        #expect(error?.location.column == 3)
    }

    @Test func aTrailingBackslashIsAnUnterminatedString() {
        #expect(parseError("\"a\" = \"b\\")?.reason == .unterminatedString)
    }

    @Test func aMissingSemicolonIsReportedRightAfterTheValue() {
        let error = parseError("\"a\" = \"b\"\n\"c\" = \"d\";")
        #expect(error?.reason == .expectedSemicolon)
        #expect(error?.location == SourceLocation(file: fileName, line: 1, column: 10))
        // The last statement needs its `;` too.
        #expect(parseError("\"a\" = \"b\";\n\"c\" = \"d\"  \n")?.location == SourceLocation(file: fileName, line: 2, column: 10))
        #expect(parseError("\"a\" = \"b\";\n\"c\"\n")?.reason == .expectedSemicolon)
    }

    @Test func aMissingEqualsIsReportedAtWhatCameInstead() {
        let error = parseError("\"a\" = \"b\";\n\"c\"  \"d\";")
        #expect(error?.reason == .expectedEquals)
        #expect(error?.location == SourceLocation(file: fileName, line: 2, column: 6))
    }

    @Test func aMissingValueIsAnError() {
        #expect(parseError("\"a\" = ;")?.reason == .expectedValue)
        #expect(parseError("\"a\" = ")?.location.column == 6)
        #expect(parseError("\"a\" = (\"b\");")?.reason == .nonStringValue)
        #expect(parseError("\"a\" = { b = c; };")?.reason == .nonStringValue)
    }

    @Test func aFileThatStartsWithGarbageIsAnError() {
        #expect(parseError("# not a strings file\n\"a\" = \"b\";")?.reason == .unexpectedCharacter("#"))
        #expect(parseError(";")?.reason == .unexpectedCharacter(";"))
    }

    @Test func aFileWithOnlyOneStringIsNotATable() {
        guard case .notAStringDictionary? = parseError("\"just a string\"\n")?.reason else {
            Issue.record("a lone string is not a dictionary")
            return
        }
    }

    @Test func anUnclosedCommentWhereMoreIsNeededIsAnUnterminatedComment() {
        let error = parseError("\"a\" = \"b\";\n\"c\" = /* oops \"d\";\n")
        #expect(error?.reason == .unterminatedComment)
        #expect(error?.location == SourceLocation(file: fileName, line: 2, column: 7))
    }
}

struct StringsFileParserIgnoredTextTests {
    @Test func aStrayHashStopsTheFileWithAWarning() throws {
        let file = try parse("\"a\" = \"b\";\n# heading\n\"c\" = \"d\";\n")
        #expect(file.values == ["a": "b"])
        #expect(file.warnings.count == 1)
        #expect(file.warnings[0].location == SourceLocation(file: fileName, line: 2, column: 1))
        #expect(file.warnings[0].message.contains("ignores the rest of the file"))
    }

    @Test func aStraySemicolonStopsTheFileWithAWarning() throws {
        let file = try parse("\"a\" = \"b\";;\n\"c\" = \"d\";\n")
        #expect(file.values == ["a": "b"])
        #expect(file.warnings.first?.location == SourceLocation(file: fileName, line: 1, column: 11))
    }

    @Test func aByteOrderMarkAfterAnEntryStopsTheFileWithAWarning() throws {
        let file = try parse("\"a\" = \"b\";\n\u{FEFF}\"c\" = \"d\";\n")
        #expect(file.values == ["a": "b"])
        #expect(file.warnings.first?.message.contains("byte order mark") == true)
    }

    @Test func anUnterminatedKeyAfterAnEntryStopsTheFileWithAWarning() throws {
        let file = try parse("\"a\" = \"b\";\n\"c = d;\n")
        #expect(file.values == ["a": "b"])
        #expect(file.warnings.first?.location == SourceLocation(file: fileName, line: 2, column: 1))
    }

    @Test func aNoBreakSpaceBetweenEntriesStopsTheFileWithAWarning() throws {
        let file = try parse("\"a\" = \"b\";\u{00A0}\"c\" = \"d\";")
        #expect(file.values == ["a": "b"])
        #expect(file.warnings.first?.message.contains("no-break space") == true)
    }

    @Test func anUnterminatedKeyInsideBracesSkipsOnlyItsQuoteAsCoreFoundationDoes() throws {
        #expect(try parse("{\"}").values.isEmpty)
        #expect(parseError("{ \"a\" = \"b\"; \"c }")?.reason == .expectedClosingBrace)
    }

    @Test func anUnclosedCommentAtTheEndIsAWarning() throws {
        let file = try parse("\"a\" = \"b\";\n/* \"c\" = \"d\";\n")
        #expect(file.values == ["a": "b"])
        #expect(file.warnings.first?.location == SourceLocation(file: fileName, line: 2, column: 1))
    }
}

struct StringsTextLocatorTests {
    @Test func locationsAreTheSameInAnyOrderOfRequests() {
        let text = Array("ab\r\n😀c\rd\n\ne\r\n\r\nfg😀h".utf16)
        text.withUnsafeBufferPointer { units in
            var forward = StringsTextLocator(units: units, file: "f")
            let expected = (0...units.count).map { forward.location(at: $0) }
            var generator = SeededGenerator(seed: 7)
            var random = StringsTextLocator(units: units, file: "f")
            for _ in 0..<500 {
                let offset = Int(generator.next() % UInt64(units.count + 1))
                #expect(random.location(at: offset) == expected[offset], "offset \(offset)")
            }
            #expect(expected[units.count] == SourceLocation(file: "f", line: 7, column: 5))
        }
    }
}
