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
}
