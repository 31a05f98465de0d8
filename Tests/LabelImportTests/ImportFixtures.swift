import Foundation
import LabelImport
import TestSupport

/// XLIFF built in tests, and temporary bundle folders.
enum ImportFixtures {
    struct Unit {
        var id: String
        var source: String
        var target: String?
        var state: String? = nil
        var note: String? = nil
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func file(_ original: String, target: String, _ units: [Unit], source: String = "en") -> String {
        var text = "<file original=\"\(escape(original))\" source-language=\"\(source)\" target-language=\"\(target)\" datatype=\"plaintext\">\n<body>\n"
        for unit in units {
            text += "<trans-unit id=\"\(escape(unit.id))\" xml:space=\"preserve\">\n<source>\(escape(unit.source))</source>\n"
            if let target = unit.target {
                text += unit.state.map { "<target state=\"\($0)\">" } ?? "<target>"
                text += escape(target) + "</target>\n"
            }
            if let note = unit.note { text += "<note>\(escape(note))</note>\n" }
            text += "</trans-unit>\n"
        }
        return text + "</body>\n</file>\n"
    }

    static func xliff(_ files: String...) -> Data {
        Data(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">\n"
              + files.joined() + "</xliff>\n").utf8)
    }

    /// A fresh folder holding `files` (relative path → bytes), removed when the test
    /// process exits.
    static func bundle(_ files: [String: Data]) throws -> URL {
        let url = TemporaryFolder.make("import")
        for (path, data) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The repository's `Strings/` folder.
    static var strings: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Strings")
    }

    /// Plans and applies `xliff` into `directory`.
    @discardableResult
    static func run(_ xliff: Data, into directory: URL, name: String = "t.xliff", dryRun: Bool = false, strict: Bool = false) throws -> ImportReport {
        let document = try XLIFFReader.read(xliff, file: name)
        let importer = Importer(directory: directory, options: Importer.Options(strict: strict))
        let plan = importer.plan([document])
        if !dryRun { try importer.apply(plan.writes) }
        return plan.report
    }

    static func text(_ directory: URL, _ path: String) -> String? {
        (try? Data(contentsOf: directory.appendingPathComponent(path))).map { String(decoding: $0, as: UTF8.self) }
    }
}
