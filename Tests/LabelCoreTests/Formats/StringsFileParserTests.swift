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

    @Test func anOddTrailingByteInUTF16IsIgnoredWithAWarningAsFoundationDoes() throws {
        for bigEndian in [false, true] {
            var data = utf16("\"a\" = \"b\";\n\"c\" = \"d\";", bigEndian: bigEndian)
            data.append(0x0A)
            let file = try StringsFileParser.parse(data, file: fileName)
            let foundation = try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: String]
            #expect(file.values == foundation)
            #expect(file.values == ["a": "b", "c": "d"])
            #expect(file.warnings.count == 1)
            #expect(file.warnings.first?.location.line == 2)
            #expect(file.warnings.first?.message.contains("odd byte") == true)
        }
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

    @Test func aPropertyListThatIsNotADictionaryIsRejectedAndNonStringValuesAreSkipped() throws {
        let nested = try PropertyListSerialization.data(fromPropertyList: ["a": ["b": "c"], "d": "e"], format: .binary, options: 0)
        let file = try StringsFileParser.parse(nested, file: fileName)
        #expect(file.values == ["d": "e"])
        #expect(file.warnings.map(\.message) == ["the value of \"a\" is not a string; Apple's Bundle ignores it, so the key is skipped"])
        let xml = try PropertyListSerialization.data(fromPropertyList: ["a": "b", "list": ["x"]], format: .xml, options: 0)
        let xmlFile = try StringsFileParser.parse(xml, file: fileName)
        #expect(xmlFile.values == ["a": "b"])
        let listLine = String(decoding: xml, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("<key>list</key>") }.map { $0 + 1 }
        #expect(xmlFile.warnings.first?.location.line == listLine)
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

    @Test func aBinaryPlistWhoseOffsetsLieBeyondTheFileIsRefusedWithoutAskingFoundation() throws {
        // Found by the plist fuzz target: corelibs' binary reader reads this as a
        // dictionary of whatever memory follows the buffer; the reader's error stands.
        let data = try #require(Data(base64Encoded: "YnBsaXN0MDByQ3kxRjYwMDs8L3N0cmluZz48a2V5PgAAAAABAQAAAAAAAAAGAAAAAAAAAAAAAAAAAAAAFw=="))
        guard case .invalidPropertyList(let message)? = parseError(data)?.reason else {
            Issue.record("a bplist with out-of-range offsets is an invalid property list")
            return
        }
        #expect(message == "malformed binary property list at byte 23: object offset out of range")
        guard case .invalidPropertyList? = stringsDictError(data) else {
            Issue.record("the same bytes as a .stringsdict are an invalid property list")
            return
        }
    }

    @Test func aFileWithOnlyOneStringIsAnEmptyTableWithAWarning() throws {
        // Foundation reads the lone string; Bundle finds no key = value pairs in it.
        let foundation = try PropertyListSerialization.propertyList(from: Data("\"just a string\"\n".utf8), options: [], format: nil)
        #expect(foundation as? String == "just a string")
        let file = try parse("\"just a string\"\n")
        #expect(file.entries.isEmpty)
        #expect(file.warnings.count == 1)
        #expect(file.warnings.first?.location.line == 1)
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

private func stringsDictError(_ data: Data) -> StoreFileError.Reason? {
    do {
        _ = try StringsDictParser.parse(data, file: "Localizable.stringsdict")
        return nil
    } catch {
        return error.reason
    }
}
