import Foundation
import HTTP1
import HTTPServer
import Testing
import LabelCore
import LabelServer

/// Files Apple's reader accepts must not take the store down, and tables with no
/// strings are still tables.
@Suite struct StoreRobustnessTests {
    let service: LabelService
    let warnings: [ParseWarning]

    init() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("robust-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        func write(_ path: String, _ data: Data) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        try write("app/de.lproj/T.strings", Data("/* Nothing translated yet. */\n".utf8))
        try write("app/de.lproj/Localizable.strings",
                  Data("\"close\" = \"Schließen\";\n\"list\" = (\"a\", \"b\");\n\"blob\" = <0fbd>;\n".utf8))
        try write("app/de.lproj/Lone.strings", Data("\"just a string\"\n".utf8))
        var odd = Data([0xFF, 0xFE])
        odd.append("\"close\" = \"Fermer\";".data(using: .utf16LittleEndian)!)
        odd.append(0x0A)
        try write("app/fr.lproj/Localizable.strings", odd)
        try write("app/en.lproj/Localizable.strings", Data("\"close\" = \"Close\";\n".utf8))
        try write("app/es-419.lproj/Localizable.strings", Data("\"close\" = \"Cerrar\";\n".utf8))
        try write("app/pt-PT.lproj/Localizable.strings", Data("\"close\" = \"Fechar\";\n".utf8))
        let store = try StoreLoader.load(StoreConfiguration(directory: root.path))
        warnings = store.warnings
        service = LabelService(catalog: CatalogHolder(ServiceState(store: store)))
    }

    func get(_ target: String) -> HTTPResponse {
        service.respond(to: HTTPRequest(method: .get, target: target, headers: [:]))
    }

    @Test func nonStringValuesAreSkippedAndTheRestIsServed() throws {
        #expect(get("/labels/close?lang=de").status == .ok)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(get("/labels/close?lang=de").body)) as? [String: Any])
        #expect(json["value"] as? String == "Schließen")
        let skipped = try #require(try JSONSerialization.jsonObject(with: Data(get("/labels/list?lang=de").body)) as? [String: Any])
        #expect(skipped["source"] as? String == "key")
        let located = warnings.filter { $0.location.file == "app/de.lproj/Localizable.strings" }
        #expect(located.map(\.location.line) == [2, 3])
    }

    @Test func utf16WithAnOddTrailingByteLoads() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(get("/labels/close?lang=fr").body)) as? [String: Any])
        #expect(json["value"] as? String == "Fermer")
        #expect(warnings.contains { $0.location.file == "app/fr.lproj/Localizable.strings" && $0.message.contains("odd byte") })
    }

    @Test func aCommentsOnlyFileIsAnEmptyTableNotA404() throws {
        let response = get("/labels?lang=de&table=T")
        #expect(response.status == .ok)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect((object["labels"] as? [String: String]) == [:])
        #expect(object["lang"] as? String == "de")
        #expect(get("/labels?lang=de&table=Lone").status == .ok)
        #expect(warnings.contains { $0.location.file == "app/de.lproj/Lone.strings" && $0.location.line == 1 })
    }

    @Test func wholeTablesFollowTheMatchedFolder() throws {
        for (lang, folder, value) in [("es-MX", "es-419", "Cerrar"), ("pt", "pt-PT", "Fechar"), ("pt-AO", "pt-PT", "Fechar")] {
            let response = get("/labels?lang=\(lang)")
            #expect(response.status == .ok, "\(lang)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            #expect(object["lang"] as? String == folder, "\(lang)")
            #expect((object["labels"] as? [String: String])?["close"] == value, "\(lang)")
        }
    }
}
