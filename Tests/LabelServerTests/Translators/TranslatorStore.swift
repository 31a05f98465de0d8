import Foundation
import HTTPServer
import LabelCore
import MissingKeys
import LabelServer
import TestSupport
import Testing

/// A small store written to a temp directory for the translator routes: English
/// (development) and Russian, whose stringsdict has only `one`/`other` for
/// `files.count` (CLDR ru needs one, few, many, other), plus the real
/// LabelService with a missing report and usage counting, served on loopback.
struct TranslatorServer {
    /// The service, answering in process: these tests are about its pages, not the socket.
    let client: InProcessClient
    let missing: MissingReportStore
    let usage: UsageStore
    let holder: CatalogHolder

    static func writeStore(to root: URL) throws {
        func write(_ relative: String, _ text: String) throws {
            let url = root.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write("app/en.lproj/Localizable.strings", """
            "greeting" = "Hello";
            "play.label" = "Play";
            "pause.label" = "Pause";
            """)
        try write("app/ru.lproj/Localizable.strings", """
            "greeting" = "Привет";
            """)
        try write("app/en.lproj/Localizable.stringsdict", Self.stringsdict(["one": "%d file", "other": "%d files"]))
        try write("app/ru.lproj/Localizable.stringsdict", Self.stringsdict(["one": "%d файл", "other": "%d файла"]))
    }

    static func stringsdict(_ variants: [String: String]) -> String {
        let entries = variants.sorted { $0.key < $1.key }.map { "<key>\($0.key)</key><string>\($0.value)</string>" }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict><key>files.count</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
            <key>files</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string>\(entries)</dict>
            </dict></dict></plist>
            """
    }

    static func with<R>(_ body: (TranslatorServer) throws -> R) throws -> R {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("translators-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let strings = root.appendingPathComponent("Strings")
        try writeStore(to: strings)
        let loaded = try StoreLoader.load(StoreConfiguration(directory: strings.path))
        let holder = CatalogHolder(ServiceState(store: loaded))
        let state = root.appendingPathComponent("state")
        let missing = MissingReportStore(stateDirectory: state, recorder: MissingKeyRecorder())
        let usage = UsageStore(stateDirectory: state, current: { holder.state.usage })
        let service = LabelService(catalog: holder, missing: missing, usage: usage)
        return try body(TranslatorServer(client: InProcessClient(service), missing: missing, usage: usage, holder: holder))
    }

    func get(_ target: String, _ extra: String = "") throws -> RawResponse {
        try client.exchange("GET \(target) HTTP/1.1\r\nHost: test\r\n\(extra)\r\n")
    }

    static let browserAccept = "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8\r\n"
}
