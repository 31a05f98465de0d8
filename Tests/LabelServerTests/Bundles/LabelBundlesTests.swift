import GzipCoding
import Foundation
import HTTP1
import HTTPServer
import Testing
import LabelCore
import LabelServer

/// `GET /labels` through the service, without sockets: the bodies are built
/// once per catalog, so these pin what is built and how requests choose.
@Suite struct LabelBundlesTests {
    let service: LabelService

    init() throws {
        service = LabelService(catalog: try LabelTestServer.catalog.get())
    }

    func get(_ target: String, _ headers: HTTPHeaders = [:]) -> HTTPResponse {
        service.respond(to: HTTPRequest(method: .get, target: target, headers: headers))
    }

    @Test func theBundleIsTheResolvedTableWithPluralTemplates() throws {
        let response = get("/labels?lang=de")
        #expect(response.status == .ok)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(object["lang"] as? String == "de")
        #expect(object["table"] as? String == "Localizable")
        let labels = try #require(object["labels"] as? [String: String])
        #expect(labels["control.back.label"] == "Zurück zur vorherigen Seite")   // app wins
        #expect(labels["control.close.label"] == "Schließen")                     // framework fills in
        let plurals = try #require(object["plurals"] as? [String: [String: String]])
        #expect(plurals["coins.count"] == ["one": "%d Münze", "other": "%d Münzen"])
        #expect(response.headers.first(.eTag) == "\"\(object["etag"] as! String)\"")
    }

    @Test func aRegionalTagGetsItsLanguagesBundle() {
        #expect(get("/labels?lang=de-AT").body == get("/labels?lang=de").body)
        #expect(get("/labels?lang=xx").body == get("/labels?lang=en").body)
    }

    @Test func aClientHoldingTheBundleGets304WithoutABody() throws {
        let first = get("/labels?lang=fr")
        let etag = try #require(first.headers.first(.eTag))
        let again = get("/labels?lang=fr", ["If-None-Match": "W/\"other\", \(etag)"])
        #expect(again.status == .notModified)
        #expect(again.body.isEmpty)
        #expect(again.headers.first(.eTag) == etag)
        #expect(get("/labels?lang=fr", ["If-None-Match": "\"stale\""]).status == .ok)
    }

    @Test func aGzipClientGetsABodyThatGunzipsToTheSameJSON() throws {
        let plain = get("/labels?lang=ru")
        let zipped = get("/labels?lang=ru", ["Accept-Encoding": "gzip"])
        #expect(zipped.headers.first(.contentEncoding) == "gzip")
        #expect(zipped.headers.first(.vary)?.contains("Accept-Encoding") == true)
        #expect(zipped.headers.first(.eTag) != plain.headers.first(.eTag))
        #expect(try Gzip.decompress(zipped.body) == plain.body)
    }

    @Test func theBundleBytesAreBuiltOnceNotPerRequest() {
        // Same storage: the handler hands out the array built by the first request.
        let a = get("/labels?lang=pl").body
        let b = get("/labels?lang=pl").body
        #expect(a.withUnsafeBufferPointer { $0.baseAddress } == b.withUnsafeBufferPointer { $0.baseAddress })
    }

    @Test func theStringsFormatParsesBackWithOurOwnReader() throws {
        let response = get("/labels?lang=de&format=strings")
        #expect(response.headers.first(.contentType) == "text/plain; charset=utf-8")
        let file = try StringsFileParser.parse(Data(response.body), file: "bundle.strings")
        #expect(file.values["control.back.label"] == "Zurück zur vorherigen Seite")
        #expect(file.values["coins.count"] == nil)   // plurals need a stringsdict
        #expect(file.warnings.isEmpty)
    }

    @Test func badParametersAre400AndAnUnknownTableIs404() {
        for (target, status, code) in [("/labels?format=xml", HTTPStatus.badRequest, "invalid_format"),
                                       ("/labels?lang=..%2F", .badRequest, "invalid_language"),
                                       ("/labels?table=..%2Fetc", .badRequest, "invalid_table"),
                                       ("/labels?table=Nope", .notFound, "unknown_table")] {
            let response = get(target)
            #expect(response.status == status, "\(target)")
            #expect(Self.errorCode(response) == code, "\(target)")
        }
    }

    @Test func theAccessibilityCatalogTableIsServedToo() throws {
        let response = get("/labels?lang=de&table=Accessibility")
        #expect(response.status == .ok)
    }

    /// The `error` field of a JSON error body.
    static func errorCode(_ response: HTTPResponse) -> String? {
        (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])?["error"] as? String
    }
}
