import Foundation
import LabelCore
import Testing
@testable import label_server

/// `--log-format`: one format for every line a process logs.
@Suite struct LogFormatTests {
    static let now = "2026-11-28T12:00:00Z"
    /// The structured event MissingKeys logs for a new entry, as it writes it.
    static let event = #"{"event":"missing_key","table":"Localizable","key":"a \"quoted\"\nkey","requested":"de","servedFrom":"app/en","at":"2026-11-28T12:00:00.000Z"}"#

    static func object(_ line: String) throws -> [String: Any] {
        #expect(line.hasSuffix("\n"))
        #expect(line.dropLast().contains("\n") == false)
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func underJSONEveryKindOfLineIsOneObjectWithTimeLevelMessageAndFields() throws {
        let info = try Self.object(Log.render(level: "info", message: "loaded 3 strings", fields: [], json: true, now: Self.now))
        #expect(info["time"] as? String == Self.now)
        #expect(info["level"] as? String == "info")
        #expect(info["message"] as? String == "loaded 3 strings")
        #expect((info["fields"] as? [String: Any])?.isEmpty == true)

        guard case .object(let members) = try JSONDocument.read(Array(Self.event.utf8)) else { Issue.record("not an object"); return }
        let event = try Self.object(Log.render(level: "info", message: "missing_key", fields: members.filter { $0.key != "event" },
                                               json: true, now: Self.now))
        let fields = try #require(event["fields"] as? [String: Any])
        #expect(fields["key"] as? String == "a \"quoted\"\nkey")
        #expect(fields["servedFrom"] as? String == "app/en")

        let words = "access GET /labels/a?lang=de HTTP/1.1 200 115 132us".split(separator: " ").map(String.init)
        let access = try Self.object(Log.render(level: "info", message: "access", fields: Log.accessFields(words), json: true, now: Self.now))
        #expect((access["fields"] as? [String: Any])?["status"] as? Int == 200)
        #expect((access["fields"] as? [String: Any])?["target"] as? String == "/labels/a?lang=de")
        let dropped = try Self.object(Log.render(level: "info", message: "access-log-dropped",
                                                 fields: Log.accessFields(["access-log-dropped", "12"]), json: true, now: Self.now))
        #expect((dropped["fields"] as? [String: Any])?["dropped"] as? Int == 12)
    }

    @Test func underTextAStructuredEventIsATextLineWithItsFieldsEscaped() throws {
        guard case .object(let members) = try JSONDocument.read(Array(Self.event.utf8)) else { Issue.record("not an object"); return }
        let line = Log.render(level: "info", message: "missing_key", fields: members.filter { $0.key != "event" }, json: false, now: Self.now)
        #expect(line == #"2026-11-28T12:00:00Z info missing_key table=Localizable key="a \"quoted\"\nkey" requested=de servedFrom=app/en at=2026-11-28T12:00:00.000Z"# + "\n")
        #expect(Log.render(level: "info", message: "stopped", fields: [], json: false, now: Self.now) == "2026-11-28T12:00:00Z info stopped\n")
    }

    /// An access line of another shape keeps its text; its numbers are never written raw unchecked.
    @Test func anOddAccessLineIsStillOneValidObject() throws {
        let words = ["access", "GET", "/x", "HTTP/1.1", "2\"00", "1", "1us"]
        let line = try Self.object(Log.render(level: "info", message: "access", fields: Log.accessFields(words), json: true, now: Self.now))
        #expect((line["fields"] as? [String: Any])?["text"] as? String == "GET /x HTTP/1.1 2\"00 1 1us")
    }
}

/// `serve --log-format json` through the built binary: every line it logs is one JSON object.
@Suite final class ServeLogFormatTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("serve-log-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("Res/en.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#""a" = "A";"#.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        // Not a language: a store warning, which the start-up line counts and the log prints.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Res/not a language.lproj"), withIntermediateDirectories: true)
        try Data(#"{"serve": {"port": 0, "logFormat": "json", "stateDir": "state", "watch": false}, "resources": ["Res"]}"#.utf8)
            .write(to: root.appendingPathComponent("label-server.json"))
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    @Test func everyLineIsJSONAndEveryWarningIsPrintedWithItsText() throws {
        let binary = try #require(ImportLockTests.executable(), "label-server is built with the tests")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve"]
        process.currentDirectoryURL = root
        process.environment = [:]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // The first line is written once the server listens; then stop it.
        var first = Data()
        while !first.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            first += chunk
        }
        #expect(String(decoding: first, as: UTF8.self).hasPrefix("listening on http://"))
        process.terminate()
        let log = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = log.split(separator: "\n")
        #expect(lines.count >= 3)
        var messages: [String] = []
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            messages.append(try #require(object["message"] as? String))
        }
        #expect(messages.contains { $0.contains("1 warnings") })
        #expect(messages.contains { $0.contains("not a language.lproj") && $0.contains("not a language tag") })
    }
}
