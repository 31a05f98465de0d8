import Foundation
import LabelCore
import Testing
@testable import LabelImport

@Suite struct XLIFFReaderTests {
    typealias F = ImportFixtures

    @Test func readsFilesUnitsTargetsStatesAndNotes() throws {
        let data = F.xliff(F.file("App/en.lproj/Localizable.strings", target: "pt_BR", [
            .init(id: "a", source: "A & B", target: "Á", state: "translated", note: "the note"),
            .init(id: "b", source: "B", target: nil),
            .init(id: "c", source: "C", target: ""),
        ]))
        let document = try XLIFFReader.read(data, file: "x.xliff")
        let file = try #require(document.files.first)
        #expect(file.table == "Localizable" && file.kind == "strings")
        #expect(file.targetLanguage == "pt_BR" && file.targetTag.rawValue == "pt-BR")
        #expect(file.units.map(\.id) == ["a", "b", "c"])
        #expect(file.units[0].source == "A & B" && file.units[0].target == "Á" && file.units[0].state == "translated")
        #expect(file.units[0].notes == ["the note"])
        #expect(file.units[1].target == nil)
        #expect(file.units[2].target == "")
        #expect(file.units[0].line == 5)
    }

    private func reason(_ text: String) -> (XLIFFReadError.Reason, Int)? {
        do {
            _ = try XLIFFReader.read(Data(text.utf8), file: "bad.xliff")
            return nil
        } catch {
            return (error.reason, error.location.line)
        }
    }

    private let head = "<?xml version=\"1.0\"?>\n<xliff version=\"1.2\">\n"

    @Test func refusesADoctypeAndEntityDeclarations() {
        #expect(reason("<?xml version=\"1.0\"?>\n<!DOCTYPE xliff [<!ENTITY a \"b\">]>\n<xliff/>")?.0 == .documentTypeDeclaration)
        #expect(reason(head + "<!ENTITY a \"b\">\n</xliff>")?.0 == .entity("declaration"))
        #expect(reason(head + "<file original=\"a.strings\" target-language=\"de\"><body><trans-unit id=\"k\"><source>&lol;</source></trans-unit></body></file></xliff>")?.0
                == .entity("&lol;"))
    }

    @Test func refusesMalformedXMLNamingTheLine() {
        let result = reason(head + "<file original=\"a.strings\" target-language=\"de\">\n<body>\n</file>\n</xliff>")
        #expect(result?.0 == .malformed("</file> where </body> belongs"))
        #expect(result?.1 == 5)
        #expect(reason(head + "</xliff>trailing")?.0 == .malformed("content after the root element"))
        #expect(reason(head)?.0 == .malformed("<xliff> is not closed"))
    }

    @Test func refusesABadTargetLanguageAPathLikeOriginalAndUnknownIDs() {
        #expect(reason(head + "<file original=\"a.strings\" target-language=\"../etc\"/></xliff>")?.0 == .invalidLanguage("../etc"))
        #expect(reason(head + "<file original=\"../x.strings\" target-language=\"de\"/></xliff>")?.0 == .pathLikeOriginal("../x.strings"))
        #expect(reason(head + "<file original=\"/etc/x.strings\" target-language=\"de\"/></xliff>")?.0 == .pathLikeOriginal("/etc/x.strings"))
        let unit = "<trans-unit id=\"/k:dict/v:dict/lots:dict/:string\"><source>s</source></trans-unit>"
        #expect(reason(head + "<file original=\"a.stringsdict\" target-language=\"de\"><body>\(unit)</body></file></xliff>")?.0
                == .unknownID("/k:dict/v:dict/lots:dict/:string"))
        let catalog = "<trans-unit id=\"k|==|plural.lots\"><source>s</source></trans-unit>"
        #expect(reason(head + "<file original=\"a.xcstrings\" target-language=\"de\"><body>\(catalog)</body></file></xliff>")?.0
                == .unknownID("k|==|plural.lots"))
    }

    @Test func aStringsUnitIDIsTheKeyAndAnUnknownStringsdictIDIsRefusedAtItsLine() throws {
        let id = "/k:dict/NSStringLocalizedFormatKey:dict/:string"
        #expect(UnitAddress.parse(id, kind: "strings") == .strings(key: id))
        #expect(UnitAddress.parse("a:dict/b/c", kind: "strings") == .strings(key: "a:dict/b/c"))
        let units = "<trans-unit id=\"/k:dict/NSStringLocalizedFormatKey:dict/:string\"><source>s</source></trans-unit>\n"
            + "<trans-unit id=\"/k:dict/NSStringFormatSpecTypeKey:dict/:string\"><source>s</source></trans-unit>"
        let result = reason(head + "<file original=\"a.stringsdict\" target-language=\"de\"><body>\n\(units)</body></file></xliff>")
        #expect(result?.0 == .unknownID("/k:dict/NSStringFormatSpecTypeKey:dict/:string"))
        #expect(result?.1 == 5)
    }

    @Test func refusesOversizeInputBeforeParsing() {
        let data = Data(count: XLIFFReader.maximumBytes + 1)
        #expect(throws: XLIFFReadError(location: SourceLocation(file: "big.xliff", line: 1, column: 1),
                                       reason: .tooLarge(bytes: XLIFFReader.maximumBytes + 1, limit: XLIFFReader.maximumBytes))) {
            _ = try XLIFFReader.read(data, file: "big.xliff")
        }
    }

    @Test func refusesAFileOverTheLimitWithoutReadingIt() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("huge-\(UUID().uuidString).xliff")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 1 << 30)   // a sparse 1 GB file
        try handle.close()
        defer { try? FileManager.default.removeItem(at: url) }
        let (documents, errors) = Importer.readDocuments([url.path])
        #expect(documents.isEmpty)
        #expect(errors.first?.reason == .tooLarge(bytes: 1 << 30, limit: XLIFFReader.maximumBytes))
    }

    @Test func refusesTooManyElementsAndTooDeepNesting() {
        let limited = Array(("<xliff>" + String(repeating: "<a/>", count: 10) + "</xliff>").utf8)
        do {
            _ = try XMLTreeReader.readDocument(limited, maximumElements: 10)
            Issue.record("an 11th element was read")
        } catch {
            #expect(error.reason == .malformed("more than 10 elements") && error.offset == 43)   // the 10th <a/>
        }
        let enough = Array(("<xliff>" + String(repeating: "<a/>", count: 9) + "</xliff>").utf8)
        #expect(throws: Never.self) { _ = try XMLTreeReader.readDocument(enough, maximumElements: 10) }
        let deep = String(repeating: "<a>", count: 70) + String(repeating: "</a>", count: 70)
        #expect(reason(deep)?.0 == .malformed("elements nested deeper than \(XMLTreeReader.maximumDepth)"))
    }

    @Test func refusesUTF16AndNonXLIFFRoots() {
        #expect(throws: XLIFFReadError(location: SourceLocation(file: "u.xliff", line: 1, column: 1), reason: .notUTF8)) {
            _ = try XLIFFReader.read(Data([0xFF, 0xFE, 0x3C, 0x00]), file: "u.xliff")
        }
        #expect(reason("<?xml version=\"1.0\"?><plist/>")?.0 == .notXLIFF("the root element is <plist>"))
        #expect(reason("<xliff version=\"2.0\"/>")?.0 == .notXLIFF("version 2.0 (1.2 is read)"))
    }

    @Test func readsEveryIDForm() {
        #expect(UnitAddress.parse("a/b key", kind: "strings") == .strings(key: "a/b key"))
        #expect(UnitAddress.parse("/k.x:dict/NSStringLocalizedFormatKey:dict/:string", kind: "stringsdict") == .stringsdictFormat(key: "k.x"))
        #expect(UnitAddress.parse("/a/b:dict/n:dict/few:dict/:string", kind: "stringsdict")
                == .stringsdictVariant(key: "a/b", variable: "n", category: .few))
        #expect(UnitAddress.parse("K", kind: "xcstrings") == .catalog(key: "K", path: .stringUnit))
        #expect(UnitAddress.parse("K|==|plural.one", kind: "xcstrings") == .catalog(key: "K", path: .plural(.one)))
        #expect(UnitAddress.parse("K|==|device.iphone", kind: "xcstrings") == .catalog(key: "K", path: .device("iphone")))
        #expect(UnitAddress.parse("K|==|device.ipad.plural.other", kind: "xcstrings")
                == .catalog(key: "K", path: .devicePlural(device: "ipad", category: .other)))
        #expect(UnitAddress.parse("%lld of %@|==|substitutions.ARG.plural.few", kind: "xcstrings")
                == .catalog(key: "%lld of %@", path: .substitution(name: "ARG", category: .few)))
        #expect(UnitAddress.parse("K|==|variations.x", kind: "xcstrings") == nil)
        #expect(UnitAddress.parse("k", kind: "stringsdict") == nil)
        #expect(UnitAddress.parse("Title", kind: "storyboard") == .other(id: "Title"))
    }

    /// The bytes are let go once the tree is built: an error found in the tree keeps the
    /// exact line and column of its element (columns in scalars, a byte order mark not counted).
    @Test func anErrorFoundInTheTreeKeepsItsElementsLineAndColumn() {
        let text = "\u{FEFF}<xliff version=\"1.2\">\n<file original=\"L.strings\" target-language=\"de\"><body>\n  é <trans-unit><source>x</source></trans-unit></body></file></xliff>"
        #expect(throws: XLIFFReadError(location: SourceLocation(file: "t.xliff", line: 3, column: 5), reason: .notXLIFF("<trans-unit> without id"))) {
            _ = try XLIFFReader.read(Data(text.utf8), file: "t.xliff")
        }
        let first = "\u{FEFF}<xliff version=\"2.0\"/>"
        #expect(throws: XLIFFReadError(location: SourceLocation(file: "t.xliff", line: 1, column: 1), reason: .notXLIFF("version 2.0 (1.2 is read)"))) {
            _ = try XLIFFReader.read(Data(first.utf8), file: "t.xliff")
        }
    }
}
