import Foundation
import Testing
import TestSupport
@testable import LabelCore

/// `StringCatalogParser.DocumentReader` reads catalogs without `JSONDecoder` (cold start).
/// Oracle: `JSONDecoder` itself. Wherever the reader reads a document, it must be the
/// document `JSONDecoder` decodes; where it gives up, the parser falls back to `JSONDecoder`.
@Suite struct StringCatalogDocumentReaderTests {
    typealias Document = StringCatalogParser.Document

    static func decoded(_ data: Data) -> Document? {
        try? JSONDecoder().decode(Document.self, from: data)
    }

    static func read(_ text: String) -> Document? {
        StringCatalogParser.DocumentReader.document(in: Data(text.utf8))
    }

    /// A catalog whose `strings` object is `strings`.
    static func catalog(_ strings: String) -> String {
        #"{ "sourceLanguage" : "en", "version" : "1.0", "strings" : { "# + strings + " } }"
    }

    static var realCatalogs: [Data] {
        get throws {
            try StringCatalogParserTests.corpusFiles.map(TestStores.corpusData)
                + [try Data(contentsOf: URL(fileURLWithPath: #filePath)
                    .deletingLastPathComponent().deletingLastPathComponent()
                    .appending(path: "Fixtures/store/app/Accessibility.xcstrings"))]
        }
    }

    @Test func everyRealCatalogIsReadAsJSONDecoderDecodesIt() throws {
        for data in try Self.realCatalogs {
            let read = StringCatalogParser.DocumentReader.document(in: data)
            #expect(read != nil)
            #expect(read == Self.decoded(data))
        }
    }

    /// Documents the reader reads itself, each equal to `JSONDecoder`'s.
    static let readable: [String] = [
        catalog(#""k" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "v" } } } }"#),
        catalog(#""esc\"aped\\key\/\b\f\n\r\t" : { "localizations" : { "de" : { "stringUnit" : { "value" : "a\u00e4\u20AC\ud83d\ude00\u0000z" } } } }"#),
        catalog(#""ä €😀" : { "comment" : "x \" } ignored", "extractionState" : "manual", "localizations" : { } }"#),
        catalog(#""k" : { "localizations" : { "en" : { "variations" : { "plural" : { "one" : { "stringUnit" : { "value" : "%lld file" } }, "other" : { "stringUnit" : { "value" : "%lld files" } } } } } } }"#),
        catalog(#""k" : { "localizations" : { "en" : { "variations" : { "device" : { "iphone" : { "variations" : { "plural" : { "other" : { "stringUnit" : { "value" : "x" } } } } } } } } } }"#),
        catalog(#""k" : { "localizations" : { "en" : { "stringUnit" : { "value" : "%#@n@" }, "substitutions" : { "n" : { "argNum" : -0, "formatSpecifier" : "lld", "variations" : { "plural" : { "other" : { "stringUnit" : { "value" : "%arg" } } } } }, "m" : { "argNum" : 9223372036854775807 } } } } }"#),
        catalog(#""k" : { "unknown" : [1, -2.5e3, true, false, null, {"a" : [[]]}, "]}"], "localizations" : { "en" : { "stringUnit" : { "value" : "v", "extra" : { "nested" : { } } } } } }"#),
        catalog(#""a" : { }, "b" : { "localizations" : { } }, "c" : { "comment" : "\\" }"#),
        #"{"version":"2","sourceLanguage":"fr"}"#,
        "\n\t\r {\"strings\" : {}, \"sourceLanguage\" : \"en\", \"version\" : \"1.0\", \"sourceLanguage2\" : null } \n",
        catalog(#""\u006b" : { "\u006cocalizations" : { "en" : { "stringUnit" : { "value" : "escaped field names" } } } }"#),
    ]

    @Test(arguments: readable)
    func aCatalogTheReaderReadsIsWhatJSONDecoderDecodes(_ text: String) {
        let read = Self.read(text)
        #expect(read != nil)
        #expect(read == Self.decoded(Data(text.utf8)))
    }

    /// Documents where `JSONDecoder` has to decide: a wrong type, `null`, a number that
    /// is not a plain integer, a repeated key (JSONDecoder keeps the first), a missing field.
    static let givenUp: [String] = [
        catalog(#""k" : { "localizations" : { "en" : { "stringUnit" : { "value" : 42 } } } }"#),
        catalog(#""k" : { "localizations" : { "en" : { "stringUnit" : { "value" : null } } } }"#),
        catalog(#""k" : { "localizations" : null }"#),
        catalog(#""k" : null"#),
        catalog(#""k" : { "localizations" : { "en" : { "substitutions" : { "n" : { "argNum" : 1.0 } } } } }"#),
        catalog(#""k" : { "localizations" : { "en" : { "substitutions" : { "n" : { "argNum" : 1e0 } } } } }"#),
        catalog(#""k" : { "localizations" : { "en" : { "substitutions" : { "n" : { "argNum" : 1.5 } } } } }"#),
        catalog(#""k" : { "localizations" : { "en" : { "substitutions" : { "n" : { "argNum" : 9223372036854775808 } } } } }"#),
        catalog(#""k" : { "localizations" : { "en" : { "substitutions" : { "n" : { "argNum" : true } } } } }"#),
        catalog(#""k" : { "localizations" : { "en" : { "substitutions" : { "n" : { "argNum" : "1" } } } } }"#),
        catalog(#""k" : { "localizations" : { "en" : { "stringUnit" : { "value" : "a" }, "stringUnit" : { "value" : "b" } } } }"#),
        catalog(#""k" : { "localizations" : { "en" : { "stringUnit" : { "value" : "a", "value" : "b" } } } }"#),
        catalog(#""k" : { "localizations" : { "en" : { "stringUnit" : { "value" : "a" } }, "en" : { } } }"#),
        catalog(#""k" : { }, "k" : { "localizations" : { } }"#),
        catalog("\"\u{e9}\" : { }, \"e\u{301}\" : { }"),
        catalog(#""k" : { "localizations" : { "en" : { "variations" : { "plural" : [] } } } }"#),
        #"{ "sourceLanguage" : "en", "version" : "1.0", "sourceLanguage" : "de" }"#,
        #"{ "sourceLanguage" : "en" }"#,
        #"{ "version" : "1.0", "strings" : {} }"#,
        #"{ "sourceLanguage" : "en", "version" : 1 }"#,
        "[]",
        "\u{FEFF}" + #"{ "sourceLanguage" : "en", "version" : "1.0" }"#,
    ]

    @Test(arguments: givenUp)
    func aCatalogJSONDecoderHasToDecideIsLeftToIt(_ text: String) {
        // Valid JSON: the parser's JSONSerialization check passes it on to the reader.
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) }
        #expect(Self.read(text) == nil)
    }

    @Test func aRepeatedKeyKeepsTheFirstValueAsJSONDecoderDoes() throws {
        let text = Self.catalog(#""k" : { "localizations" : { "en" : { "stringUnit" : { "value" : "first" } } } }, "k" : { "localizations" : { "en" : { "stringUnit" : { "value" : "second" } } } }"#)
        let catalog = try StringCatalogParser.parse(Data(text.utf8), file: "T.xcstrings")
        #expect(catalog.localizations["en"]?["k"]?.template == "first")
    }

    @Test func nestingDeeperThanTheReaderGoesIsLeftToJSONDecoder() {
        var localization = #"{ "stringUnit" : { "value" : "deep" } }"#
        for _ in 0..<40 { localization = #"{ "variations" : { "device" : { "other" : "# + localization + " } } }" }
        let text = Self.catalog(#""k" : { "localizations" : { "en" : "# + localization + " } }")
        #expect(Self.read(text) == nil)
        #expect(Self.decoded(Data(text.utf8)) != nil)
    }

    /// Seeded random catalogs from pieces that are valid JSON of varied types: wherever
    /// the reader reads one, `JSONDecoder` decodes the same document.
    @Test func randomCatalogsAreReadAsJSONDecoderDecodesThemOrLeftToIt() {
        var random = SeededGenerator(seed: 15)
        let scalars = [#""v""#, #""a\"b\\c\u00e9\ud83d\ude00""#, "1", "-7", "2.0", "1e2", "true", "null", "[]", "{}", #""""#]
        func pick(_ options: [String]) -> String { options[Int(random.next() % UInt64(options.count))] }
        func localization(_ depth: Int) -> String {
            var fields: [String] = []
            for _ in 0..<Int(random.next() % 4) {
                switch random.next() % 6 {
                case 0: fields.append(#""stringUnit" : { "state" : \#(pick(scalars)), "value" : \#(pick(scalars)) }"#)
                case 1 where depth < 3:
                    fields.append(#""variations" : { "\#(pick(["plural", "device", "other"]))" : { "\#(pick(["one", "other", "iphone"]))" : \#(localization(depth + 1)) } }"#)
                case 2: fields.append(#""substitutions" : { "\#(pick(["n", "m"]))" : { "argNum" : \#(pick(scalars)), "formatSpecifier" : \#(pick(scalars)) } }"#)
                case 3: fields.append(#""comment" : \#(pick(scalars))"#)
                default: fields.append(#""stringUnit" : \#(pick(scalars))"#)
                }
            }
            return "{ " + fields.joined(separator: ", ") + " }"
        }
        var readCount = 0
        for _ in 0..<400 {
            var entries: [String] = []
            for _ in 0..<Int(random.next() % 4) {
                entries.append(#""\#(pick(["k", "k2", "ä"]))" : { "localizations" : { "\#(pick(["en", "de"]))" : \#(localization(0)) } }"#)
            }
            let text = Self.catalog(entries.joined(separator: ", "))
            guard let read = Self.read(text) else { continue }
            readCount += 1
            #expect(read == Self.decoded(Data(text.utf8)), "\(text)")
        }
        #expect(readCount > 50)
    }

    /// Not JSON, or not JSON `JSONSerialization` is sure to accept: the reader gives up, so
    /// the parser's `JSONSerialization` check still reports the error with its position.
    static let notStrictJSON: [String] = [
        catalog(#""k" : { "localizations" : { } } "k2" : { }"#),                       // missing comma
        catalog(#""k" : { , "localizations" : { } }"#),                                 // leading comma
        catalog(#""k" : { "comment" : "a\qb" }"#),                                     // unknown escape, skipped
        catalog(#""k" : { "localizations" : { "en" : { "stringUnit" : { "value" : "a\qb" } } } }"#),
        catalog("\"k\" : { \"comment\" : \"a\u{01}b\" }"),                          // control character, skipped
        catalog("\"k\" : { \"localizations\" : { \"en\" : { \"stringUnit\" : { \"value\" : \"a\tb\" } } } }"),
        catalog(#""k" : { "comment" : "\ud800" }"#),                                  // lone surrogate, skipped
        catalog(#""k" : { "comment" : "\uZZZZ" }"#),
        catalog(#""k" : { "extra" : 01 }"#),                                          // leading zero, skipped
        catalog(#""k" : { "localizations" : { "en" : { "substitutions" : { "n" : { "argNum" : 01 } } } } }"#),
        catalog(#""k" : { "extra" : -.5 }"#),
        catalog(#""k" : { "extra" : 1. }"#),
        catalog(#""k" : { "extra" : 1e }"#),
        catalog(#""k" : { "extra" : tru }"#),
        catalog(#""k" : { "extra" : nulls }"#),
        catalog(#""k" : { "extra" : [1 2] }"#),
        catalog(#""k" : { "extra" : [1, }"#),
        catalog(#""k" : { "extra" : { "a" 1 } }"#),
        catalog(#""k" : { "extra" : { 1 : 1 } }"#),
        catalog(#""k" : { "extra" : 'x' }"#),
        catalog(#""k" : { }"#) + " x",                                                 // trailing bytes
        catalog(#""k" : { }"#) + " }",
        #"{ "sourceLanguage" : "en", "version" : "1.0" "#,                              // unterminated
    ]

    @Test(arguments: notStrictJSON)
    func textThatIsNotStrictJSONIsLeftToJSONSerializationWhichReportsIt(_ text: String) {
        #expect(Self.read(text) == nil)
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) }
        #expect {
            try StringCatalogParser.parse(Data(text.utf8), file: "T.xcstrings")
        } throws: { error in
            guard let error = error as? StoreFileError, case .invalidJSON = error.reason else { return false }
            return true
        }
    }

    /// Corelibs' `JSONSerialization` accepts a trailing comma; the reader leaves that to it too.
    @Test func aTrailingCommaIsLeftToJSONSerializationAndJSONDecoder() throws {
        for text in [Self.catalog(#""k" : { "localizations" : { }, }"#), Self.catalog(#""k" : { "extra" : [1,] }"#)] {
            #expect(Self.read(text) == nil)
            let catalog = try StringCatalogParser.parse(Data(text.utf8), file: "T.xcstrings")
            #expect(catalog.localizations["en"]?["k"]?.template == "k")
        }
    }

    @Test func aStringThatIsNotUTF8IsLeftToJSONSerializationEvenWhereItIsSkipped() {
        var data = Data(Self.catalog(#""k" : { "comment" : "ab" }"#).utf8)
        data[data.firstIndex(of: UInt8(ascii: "b"))!] = 0xFF
        #expect(StringCatalogParser.DocumentReader.document(in: data) == nil)
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) }
    }

    /// The reader's one promise, on thousands of damaged real catalogs: whatever it reads,
    /// `JSONSerialization` accepts and `JSONDecoder` decodes to the same document.
    @Test func aDamagedCatalogIsReadOnlyWhereJSONSerializationAndJSONDecoderAgree() throws {
        var random = SeededGenerator(seed: 51)
        let sources = try Self.realCatalogs.filter { $0.count < 40_000 }
        try #require(!sources.isEmpty)
        let alphabet = Array(#"{}[],:" \-01.eE9tfnu\/x"#.utf8) + [0x00, 0x09, 0x0A, 0x1F, 0x80, 0xC3, 0xFF]
        var read = 0
        for round in 0..<3_000 {
            var bytes = [UInt8](sources[round % sources.count])
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: at)
                default: bytes[at] = alphabet[Int(random.next() % UInt64(alphabet.count))]
                }
            }
            let data = Data(bytes)
            guard let document = StringCatalogParser.DocumentReader.document(in: data) else { continue }
            read += 1
            #expect(throws: Never.self, "round \(round)") {
                try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            }
            #expect(document == Self.decoded(data), "round \(round)")
        }
        #expect(read > 300)
    }
}
