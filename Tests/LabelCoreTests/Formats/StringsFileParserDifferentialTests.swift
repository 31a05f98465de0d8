import Foundation
import TestSupport
import Testing
import LabelCore

/// Foundation's `PropertyListSerialization` on Linux runs CoreFoundation's own
/// old-style parser, so it is an oracle for any text: both must produce the same
/// table, or both must refuse the file.
struct StringsFileParserDifferentialTests {
    /// The table `Bundle` gets from Foundation's reading: nil where it fails or reads
    /// an array or data; a lone string holds no strings; non-string values (arrays,
    /// dictionaries, data) are ignored.
    static func foundationTable(_ data: Data) -> [String: String]? {
        guard let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) else {
            return nil
        }
        if plist is String { return [:] }
        return (plist as? [String: Any])?.compactMapValues { $0 as? String }
    }

    static func ourTable(_ data: Data) -> [String: String]? {
        try? StringsFileParser.parse(data, file: "t.strings").values
    }

    static let snippets: [String] = [
        #""a" = "b";"#, "a = b;", #""a";"#, #""a" = "b""#, "\"a\" = \"b\";\n# x\n\"c\" = \"d\";",
        #""a" = "b";;"c" = "d";"#, #""a" = "b"; "c"#, #""c"#, #""a" = "b\"#,
        "\"a\" = /* x */ \"b\" // y\n;", #""a" = "b"; /* open"#, #""a" = /* open"#, "/", #""a" = "b"; /"#,
        #""a" = "b"; / = c;"#, #""a"="\101\1234\0\331\376\777";"#, #""a" = "\Uzz\U41\U";"#,
        #""a" = "\UD83D\UDE00";"#, #"'a' = 'b"c';"#, #""a" = 'b';"#, #"{ "a" = "b"; }"#, #"{ "a" = "b"; } junk"#,
        #"{ "a" = "b" }"#, #"{ "a" = "b"; # }"#, #""a" = { b = c; };"#, "\"a\" = ( b );", "\"a\" = <0a>;", "(a, b)", "<0a0b>",
        "\u{2028}\"a\" = \"b\";\u{2029}", "\"a\"\u{00A0}= \"b\";", "\"a\" = \"b\";\u{00A0}\"c\" = \"d\";",
        "\"a\" = \"b\";\n\"a\" = \"c\";", "key.with-dots = \"v\";", #""a" = b c;"#, #""a" = "b" "c";"#,
        "\"multi\nline\" = \"x\ny\";", #"= "b";"#, "\"a\" = \"b\";\n}", #""a" == "b";"#,
        "\"a\" = \"b\";\n\"c\" = \"d\";\n\u{FEFF}\"e\" = \"f\";", #""a" = "\"quoted\" \\ back";"#, #""" = "";"#,
        "a=b;c=d;", #""a" = "b"; // end"#, #""a" = "b"; /* ** */ "c" = "d";"#, #""a" = "b"; /*/ "c" = "d"; */ "e" = "f";"#,
        "\"a\" = \"b\"; //\r\"c\" = \"d\";", "\"a\" = \"\\a\\b\\f\\v\\n\\r\\t\\x\\u\\8\";", "\"😀\" = \"🇩🇪\";",
        "\"a\" = \"b\";\n\"c\";\n'd' = e;", "   \n  ", "// only", "/* only */", "\"a\" = \"b\";\n\"c\" = \"d\\\n\";",
    ]

    @Test(arguments: snippets)
    func trickySnippetReadsAsFoundationReadsIt(text: String) {
        for data in [Data(text.utf8), Self.utf16LittleEndian(text)] {
            let ours = Self.ourTable(data)
            let theirs = Self.foundationTable(data)
            #expect(ours == theirs, "\(text.debugDescription)")
        }
    }

    /// Random texts from fragments that stress the grammar (quotes, escapes,
    /// comments, separators), compared with Foundation. Deterministic seed.
    @Test func randomTextsReadAsFoundationReadsThem() {
        let fragments = ["\"", "'", "\\", "=", ";", "/", "*", "a", "b9", " ", "\n", "\r", "#", "{", "}", "U", "0", "7",
                         "ä", "😀", "\"k\" = \"v\";", "\\U00e4", "\\n", "/*", "*/", "//", "\t", "_.$:-", "\u{FEFF}", "\u{2028}",
                         "(", ")", "<", ">", ",", "\u{00A0}", "\\1", "\\U"]
        var generator = SeededGenerator(seed: 0x5EED)
        var compared = 0
        for _ in 0..<Self.randomTextCount {
            let length = Int(generator.next() % 12) + 1
            var text = ""
            for _ in 0..<length {
                text += fragments[Int(generator.next() % UInt64(fragments.count))]
            }
            // Deliberate difference: a file that is empty after its byte order
            // mark is an empty table here; CF reports "the string is empty".
            if text.drop(while: { $0 == "\u{FEFF}" }).isEmpty { continue }
            for data in [Data(text.utf8), Self.utf16LittleEndian(text)] {
                #expect(Self.ourTable(data) == Self.foundationTable(data), "\(text.debugDescription)")
            }
            compared += 1
        }
        #expect(compared > Self.randomTextCount * 9 / 10)
    }

    static let randomTextCount = 5000

    static func utf16LittleEndian(_ text: String) -> Data {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        return Data(bytes)
    }
}

