import Foundation
import TestSupport
import Testing
@testable import LabelCore

/// `PropertyListReader` against Foundation's `PropertyListSerialization` (on
/// Linux, CoreFoundation's XML and binary readers): whatever the reader
/// accepts, Foundation accepts with the same value; whatever it calls
/// malformed, Foundation rejects. `unsupported` input is left to Foundation by
/// every caller, so it needs no agreement (docs/decisions/property-list-reader.md lists those forms).
struct PropertyListReaderDifferentialTests {
    enum Outcome: Equatable {
        case value(PropertyListValue)
        case rejected
        case unsupported
    }

    static func ours(_ data: Data) -> Outcome {
        do {
            return .value(try PropertyListReader.read(data))
        } catch {
            if case .unsupported = error.reason { return .unsupported }
            return .rejected
        }
    }

    static func foundation(_ data: Data) -> Outcome {
        guard let value = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) else {
            return .rejected
        }
        return .value(PropertyListValue(foundation: value))
    }

    /// Checks agreement; returns whether the reader decided (not `unsupported`).
    @discardableResult
    static func expectAgreement(_ data: Data, _ label: @autoclosure () -> String,
                                sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
        let ours = ours(data)
        if ours == .unsupported { return false }
        #expect(ours == foundation(data), "\(label())", sourceLocation: sourceLocation)
        return true
    }

    static var plistFixtures: [URL] {
        let root = TestStores.fixtures
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
        return files.compactMap { $0 as? URL }.filter { url in
            guard ["strings", "stringsdict"].contains(url.pathExtension), let data = try? Data(contentsOf: url) else { return false }
            let head = String(decoding: data.prefix(64), as: UTF8.self)
            return head.hasPrefix("bplist") || head.contains("<?xml") || head.contains("<plist")
        }
        .sorted { $0.path < $1.path }
    }

    /// Every XML and binary plist of the corpus (7 `.stringsdict`, one compiled
    /// `.strings`) and the fixture store: read here, with Foundation's value.
    @Test func everyCorpusPlistReadsAsFoundationReadsIt() throws {
        let files = Self.plistFixtures
        #expect(files.count >= 9)
        for url in files {
            let data = try Data(contentsOf: url)
            guard case .value(let value) = Self.ours(data) else {
                Issue.record("\(url.lastPathComponent) was not read: \(Self.ours(data))")
                continue
            }
            #expect(Self.foundation(data) == .value(value), "\(url.path)")
        }
    }

    static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
        + "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n"

    static let hostileBodies: [String] = [
        "<dict><key>a</key><string>1</string><key>a</key><string>2</string></dict>",
        "<dict><key>a</key><string>x\r\ny\rz</string></dict>",
        "<string>&#x1F600;&#65;&#0;&amp;&lt;&gt;&quot;&apos;</string>", "<string>&#xD800;</string>",
        "<string>&nbsp;</string>", "<string>a & b</string>", "<string>&#;</string>", "<string>&#x110000;</string>",
        "<string>a<!-- c -->b</string>", "<string>a<![CDATA[<&>]]>b</string>", "<string><![CDATA[x</string>",
        "<dict><key/><string>1</string></dict>", "<dict><key>a</key></dict>", "<dict><key>a</key><key>b</key></dict>",
        "<true/>", "<false/>", "<true></true>", "<integer>12</integer>", "<integer> 12 </integer>",
        "<integer>0x1F</integer>", "<integer>+5</integer>", "<integer>-9223372036854775808</integer>",
        "<integer>9223372036854775808</integer>", "<integer>99999999999999999999</integer>", "<integer></integer>",
        "<real>1.5</real>", "<real>1e5</real>", "<real>-0.25E-3</real>", "<real>nan</real>", "<real>.5</real>",
        "<date>2020-01-02T03:04:05Z</date>", "<date>2020-13-02T03:04:05Z</date>", "<date>2000-02-29T23:59:59Z</date>",
        "<date>1900-02-29T00:00:00Z</date>", "<date>0001-01-01T00:00:00Z</date>", "<date>2020-01-02</date>",
        "<data>QUJD</data>", "<data>QUI=</data>", "<data> QU\nJD </data>", "<data>QUJ</data>", "<data>!!!!</data>",
        "<data></data>", "<data>QQ==QQ==</data>",
        "<dict>x<key>a</key><string>1</string></dict>", "<dict ><key>a</key><string>1</string></dict>",
        "<string a=\"b\">a</string>", "<string>a\u{1}b\u{7F}c</string>", "<string>a>b]]>c</string>", "<foo/>",
        "<dict><key>a<b</key><string>1</string></dict>", "<string>a</strin>", "<String>a</String>",
        "<dict><key>a</key><array><string>1</string><dict><key>b</key><true/></dict></array></dict>",
        "<array><key>a</key></array>", "<string></string>", "<string/>", "<array/>", "<dict/>", "<array></array>",
        "<dict><!-- c --><key>a</key><!-- d --><string>1</string><!-- e --></dict>", "<!-- c --><string>a</string><!-- d -->",
        "<string>ü😀\u{202E}</string>", "<dict><key>ü</key><string>x</string></dict>",
        "<dict><key>a</key><dict><key>b</key><dict><key>c</key><array><integer>1</integer><real>2</real></array></dict></dict></dict>",
        "<string>a</string><string>b</string>", "<string>a</string\t>", "<string>a</stringx>", "", "<string>a", "<dict><key>a</key><string>1</string>",
        "<?pi x?><string>a</string>", "<string>a</string>\n</plist>junk<dict/>",
    ]

    @Test(arguments: hostileBodies)
    func hostileXMLReadsOrFailsAsFoundationDoes(body: String) {
        for text in [Self.header + body + "\n</plist>\n", "<plist>" + body + "</plist>", body] {
            Self.expectAgreement(Data(text.utf8), text.debugDescription)
        }
    }

    static let hostileDocuments: [String] = [
        "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><string>a</string></plist>",
        "<?xml version=\"1.0\"?><!DOCTYPE plist [<!ENTITY x \"y\">]><plist><string>&x;</string></plist>",
        "\u{FEFF}<?xml version=\"1.0\"?><plist><string>a</string></plist>",
        "  \n<plist version=\"1.0\"><string>a</string></plist>", "<plist/>", "<plist></plist>",
        "<plist><string>a</string>", "<?xml version=\"1.0\"", "<!-- open", "<!DOCTYPE plist",
        "<plist version=\"1.0\"><string>a</string></plist >", "<?xml version=\"1.0\" encoding=\"UTF-8??>\n<plist><string>a</string></plist>",
        "<?xml version='1.0' encoding='utf-8' standalone='yes'?><plist><string>a</string></plist>",
        "<?xml version=\"1.0\" encoding=UTF-8?><plist><string>a</string></plist>", "<plistx><string>a</string></plistx>",
        // The fuzzer's find: CoreFoundation skips a processing instruction after the value.
        "<plist><dict><key>a</key><string>b</string></dict>\n<?xml version=?></plist>\n",
        "<plist><string>a</string><?pi x?></plist>", "<plist><string>a</string><!DOCTYPE x></plist>",
        "<plist><string>a</string><string>b</string></plist>",
    ]

    @Test(arguments: hostileDocuments)
    func hostileDocumentReadsOrFailsAsFoundationDoes(text: String) {
        Self.expectAgreement(Data(text.utf8), text.debugDescription)
    }

    /// CI's fuzz run found CoreFoundation reading a document with `<?…?>` between the value
    /// and `</plist>`, which the reader had called malformed: it is Foundation's to decide.
    @Test func aProcessingInstructionAfterTheValueIsLeftToFoundation() {
        let data = Data("<plist><dict><key>a</key><string>b</string></dict>\n<?xml version=?></plist>\n".utf8)
        #expect(Self.ours(data) == .unsupported)
        #expect(Self.foundation(data) == .value(.dictionary(["a": .string("b")])))
    }

    /// UTF-16 XML is Foundation's to read (the reader does not take it).
    @Test func utf16XMLIsLeftToFoundation() {
        let text = Self.header + "<string>a</string></plist>"
        for data in [Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
                     Data([0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })] {
            #expect(Self.ours(data) == .unsupported)
            #expect(Self.foundation(data) == .value(.string("a")))
        }
    }

    /// Random documents from fragments that stress the grammar, compared with Foundation.
    @Test func randomXMLReadsAsFoundationReadsIt() {
        let fragments = ["<dict>", "</dict>", "<key>", "</key>", "<string>", "</string>", "<array>", "</array>",
                         "<key>k</key>", "<string>v</string>", "<true/>", "<integer>1</integer>", "<dict/>", "<![CDATA[",
                         "]]>", "&amp;", "&#65;", "&", "<", ">", "a", "ü", " ", "\n", "<!--", "-->", "<string/>", "/"]
        var generator = SeededGenerator(seed: 0x9157)
        var decided = 0
        for _ in 0..<3000 {
            var body = ""
            for _ in 0..<(Int(generator.next() % 10) + 1) {
                body += fragments[Int(generator.next() % UInt64(fragments.count))]
            }
            let text = Self.header + body + "</plist>"
            if Self.expectAgreement(Data(text.utf8), text.debugDescription) { decided += 1 }
        }
        #expect(decided > 1000)
    }
}
