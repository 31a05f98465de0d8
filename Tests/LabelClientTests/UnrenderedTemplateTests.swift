import Foundation
import LabelClient
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `string(_:count:arguments:)` never hands a screen reader a format specifier
/// (docs/decisions/client-unrenderable-label.md): where the server would answer
/// 400, or no arguments were given for a template that takes some, the key
/// itself comes back.
@Suite struct UnrenderedTemplateTests {
    /// The server's status for `GET /labels/{key}?lang=de&arg=...`: the oracle
    /// for "would the server answer 400".
    static func serverStatus(_ server: ClientTestServer, key: String, arguments: [String]) async throws -> Int {
        var components = URLComponents(url: server.baseURL.appendingPathComponent("labels/\(key)"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "lang", value: "de")] + arguments.map { URLQueryItem(name: "arg", value: $0) }
        let (_, response) = try await URLSession.shared.data(from: components.url!)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    static let unrenderable: [(key: String, arguments: [String])] = [
        ("grid.cell.label", ["2"]),                // some but not all of three
        ("grid.cell.label", ["zwei", "3", "Rot"]), // not a number for %d
        ("coins.count", ["viele"]),                // not a number for the plural's %d
    ]

    @Test func whereTheServerAnswers400TheKeyComesBack() async throws {
        let server = try ClientTestServer()
        defer { server.stop() }
        let labels = try await LabelClient(baseURL: server.baseURL, cacheDirectory: nil, fallbackStore: nil, timeout: ClientTestServer.patience)
            .labels(language: "de")
        for (key, arguments) in Self.unrenderable {
            #expect(try await Self.serverStatus(server, key: key, arguments: arguments) == 400)
            let text = labels.string(key, arguments: arguments)
            #expect(text == key, "\(key) \(arguments)")
            #expect(!text.contains("%"))
        }
        // Rendered where the arguments fit, as before.
        #expect(labels.string("grid.cell.label", count: 2, arguments: ["3", "Rot"]) == "Reihe 2, Spalte 3, Rot")
    }

    @Test func noArgumentsForATemplateThatTakesSomeGivesTheKey() async throws {
        let server = try ClientTestServer()
        defer { server.stop() }
        let labels = try await LabelClient(baseURL: server.baseURL, cacheDirectory: nil, fallbackStore: nil, timeout: ClientTestServer.patience)
            .labels(language: "de")
        // The server answers 200 with the template and `arguments` for API clients;
        // a screen reader must not read `%#@coins@` or `%d` aloud.
        #expect(try await Self.serverStatus(server, key: "coins.count", arguments: []) == 200)
        #expect(labels.string("coins.count") == "coins.count")
        #expect(labels.string("grid.cell.label") == "grid.cell.label")
        // A template without arguments still renders with none.
        let close = labels.string("control.close.label")
        #expect(close != "control.close.label")
        #expect(!close.contains("%"))
    }

    @Test func unrenderableKeyMissingInTheLanguageIsStillQueued() async throws {
        let server = try ClientTestServer()
        defer { server.stop() }
        let client = LabelClient(baseURL: server.baseURL, cacheDirectory: nil, fallbackStore: nil, timeout: ClientTestServer.patience)
        let labels = try await client.labels(language: "de")
        #expect(labels.string("no.such.key", arguments: ["1"]) == "no.such.key")
        #expect(labels.string("coins.count") == "coins.count")
        // A key found in the requested language is not a miss, rendered or not.
        #expect(await client.pendingMissCount == 1)
        #expect(try await client.flushMissing() == 1)
    }
}
