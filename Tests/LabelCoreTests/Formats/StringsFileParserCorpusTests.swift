import Foundation
import Testing
import LabelCore

/// The real-world `.strings` files in Fixtures/corpus against EXPECTED.json
/// (made by a port of CoreFoundation's parser) and against Foundation itself.
struct StringsFileParserCorpusTests {
    /// One `.strings` file's line in EXPECTED.json.
    struct Expectation: Sendable {
        var encoding: String
        var rawPairs: Int
        var entries: Int
        var spotChecks: [String: String]
    }

    /// The `.strings` files of EXPECTED.json (other kinds have other shapes).
    static let expected: [String: Expectation] = {
        var result: [String: Expectation] = [:]
        for (path, info) in try! TestStores.expectedCorpusFiles() where info["kind"] as? String == "strings" {
            result[path] = Expectation(encoding: info["encoding"] as! String, rawPairs: info["raw_pairs"] as! Int,
                                       entries: info["entries"] as! Int,
                                       spotChecks: info["spot_checks"] as? [String: String] ?? [:])
        }
        return result
    }()

    static var stringsFiles: [String] {
        expected.keys.sorted()
    }

    static func load(_ path: String) throws -> Data {
        try TestStores.corpusData(path)
    }

    @Test func theCorpusHasElevenStringsFiles() {
        #expect(Self.stringsFiles.count == 11)
    }

    @Test(arguments: stringsFiles)
    func everyCorpusFileMatchesTheCoreFoundationCountsAndSpotChecks(path: String) throws {
        let expectation = try #require(Self.expected[path])
        let file = try StringsFileParser.parse(try Self.load(path), file: path)
        #expect(file.entries.count == expectation.rawPairs)
        #expect(file.values.count == expectation.entries)
        for (key, value) in expectation.spotChecks {
            #expect(file.values[key] == value, "\(key)")
        }
        let encoding: StringsFile.Encoding? = switch expectation.encoding {
        case "UTF-8": .utf8
        case "UTF-16LE BOM": .utf16LittleEndian
        case "UTF-16BE BOM": .utf16BigEndian
        case "binary plist": .binaryPropertyList
        default: nil
        }
        #expect(file.encoding == encoding)
        // Every file parses completely: nothing silently ignored.
        #expect(!file.warnings.contains { $0.message.contains("ignores") })
    }

    @Test(arguments: stringsFiles)
    func everyCorpusFileReadsExactlyAsFoundationReadsIt(path: String) throws {
        let data = try Self.load(path)
        let foundation = try #require(
            try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: String])
        let file = try StringsFileParser.parse(data, file: path)
        #expect(file.values == foundation)
    }

    @Test func duplicateKeysInOwnCloudAreWarnedWithBothLines() throws {
        let path = "owncloud-ios-app/ownCloud/Resources/de-DE.lproj/Localizable.strings"
        let file = try StringsFileParser.parse(try Self.load(path), file: path)
        let duplicates = file.warnings.filter { $0.message.hasPrefix("duplicate key") }
        #expect(duplicates.count == 21)
        let first = try #require(duplicates.first)
        #expect(first.message.contains("first on line"))
        #expect(first.message.contains("line \(first.location.line) wins"))
    }

    @Test func homeAssistantsLowercaseUEscapesAreFlaggedAsApplePrintsThemLiterally() throws {
        let path = "home-assistant-iOS/Sources/App/Resources/de.lproj/Localizable.strings"
        let file = try StringsFileParser.parse(try Self.load(path), file: path)
        let escapes = file.warnings.filter { $0.message.contains("unknown escape \\u") }
        #expect(escapes.map(\.location.line) == [825, 825])
        #expect(escapes.map(\.location.column) == [152, 162])
        #expect(file.values.values.contains { $0.contains("In Einstellungen u203A %@ u203A Live-Aktivitäten") })
    }

    @Test func entryLocationsPointAtTheKeysLine() throws {
        let path = "Sparkle/de.lproj/SUAutomaticUpdateAlert.strings"
        let data = try Self.load(path)
        let file = try StringsFileParser.parse(data, file: path)
        // Cross-check the line with a plain decode of the text.
        let text = try #require(String(data: data, encoding: .utf16))
        let lines = text.components(separatedBy: "\n")
        for entry in file.entries {
            let line = lines[entry.location.line - 1]
            let column = line.unicodeScalars.index(line.unicodeScalars.startIndex, offsetBy: entry.location.column - 1)
            #expect(line.unicodeScalars[column...].starts(with: "\"\(entry.key)\"".unicodeScalars))
        }
    }

    /// Parse speed is measured in Benchmarks/ (`load-store.sh`), not bounded here.
    @Test func allCorpusTextFilesParse() throws {
        let paths = Self.stringsFiles.filter { Self.expected[$0]?.encoding != "binary plist" }
        var count = 0
        for path in paths {
            count += try StringsFileParser.parse(try Self.load(path), file: path).entries.count
        }
        #expect(count == 9371)
    }
}
