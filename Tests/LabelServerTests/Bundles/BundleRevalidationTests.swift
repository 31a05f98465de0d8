import Foundation
import HTTP1
import HTTPServer
import TestSupport
import Testing
@testable import LabelCore
@testable import LabelServer

/// The launch route's shared heads (``BundleHeads``), in-place `If-None-Match` reading
/// (``EntityTag``) and one-probe bundle lookup answer what a head built field by field
/// would: for every table, store language (and tags that reach them), format, coding and
/// `If-None-Match` form, the bytes the event loop's path sends equal the reference's.
@Suite struct BundleRevalidationTests {
    static let formats: [(name: String, format: BundleSlot.Format)] =
        [("json", .json), ("strings", .strings), ("stringsdict", .stringsdict), ("android", .android)]

    /// The answer built as a general handler would: fields added one by one per request,
    /// tags compared as strings, the coding chosen by `ContentEncodingChoice`.
    static func reference(_ body: PrecomputedBody, format: BundleSlot.Format, language: String,
                          acceptsGzip: Bool, ifNoneMatch: [String]) -> HTTPResponse {
        let choice = ContentEncodingChoice(acceptsGzip: acceptsGzip, identity: body.identity, gzip: body.gzip,
                                           etags: (body.etag, body.gzipETag))
        var headers: HTTPHeaders = [:]
        headers.add(.eTag, value: choice.etag ?? body.etag)
        headers.add(.cacheControl, value: "no-cache")
        headers.add(.vary, value: "Accept, Accept-Encoding, Accept-Language")
        headers.add(.contentLanguage, value: language)
        if ifNoneMatch.contains(where: { EntityTagReference.matches($0, any: [body.etag, body.gzipETag]) }) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers.add(.contentType, value: format.contentType)
        choice.addContentEncoding(to: &headers)
        return HTTPResponse(status: .ok, headers: headers, body: choice.body)
    }

    /// `If-None-Match` values for a body: its own tags exact, weak, in lists and on two
    /// lines, the wildcard, and tags that match nothing.
    static func forms(_ body: PrecomputedBody) -> [[String]] {
        [[], [body.etag], [body.gzipETag], ["W/\(body.etag)"], ["W/\(body.gzipETag)"],
         ["\"other\", \(body.gzipETag)"], ["\"other\",W/\(body.etag) "], ["*"], [" * "],
         ["\"other\""], ["\(body.etag)x"], [body.etag.uppercased()],
         ["\"other\"", body.etag], ["", ","], ["*, \"other\""]]
    }

    /// What the service sends for `head` (a request line and any fields) with the coding and
    /// tags asked for, and what the reference would send: its response and its bytes.
    static func exchange(_ head: String, service: LabelService, body: PrecomputedBody, format: BundleSlot.Format,
                         language: String, acceptEncoding: String?, ifNoneMatch: [String]
    ) throws -> (answer: [UInt8], expected: HTTPResponse, wire: [UInt8]) {
        var request = head
        if let acceptEncoding { request += "Accept-Encoding: \(acceptEncoding)\r\n" }
        for value in ifNoneMatch { request += "If-None-Match: \(value)\r\n" }
        let answers = try InProcessExchange.answers(to: Array((request + "\r\n").utf8), responder: service)
        let answer = try #require(answers.first)
        let expected = reference(body, format: format, language: language, acceptsGzip: acceptEncoding != nil,
                                 ifNoneMatch: ifNoneMatch)
        let wire = HTTPResponseEncoder.encode(expected, keepAlive: true, date: nil, everyResponse: service.fieldsOnEveryResponse)
        return (answer.encoded, expected, wire)
    }

    @Test func everyLaunchAnswerIsTheFieldByFieldOne() throws {
        let holder = try LabelTestServer.catalog.get()
        let service = LabelService(catalog: holder)
        let state = holder.state
        var compared = 0, notModified = 0
        for table in state.catalog.tables {
            let languages = state.catalog.languages(table: table).map(\.rawValue) + ["de-AT", "zh-Hant-TW", "xx"]
            for language in languages {
                let chain = state.resolver.chain(preferred: [try #require(LanguageTag(language))])
                guard let slot = state.bundles.slot(table: table, chain: chain) else { continue }
                for (name, format) in Self.formats {
                    let body = slot.body(format, gzip: true)
                    for acceptsGzip in [false, true] {
                        for ifNoneMatch in Self.forms(body) {
                            let (answer, expected, wire) = try Self.exchange(
                                "GET /labels?lang=\(language)&table=\(table)&format=\(name) HTTP/1.1\r\nHost: t\r\n",
                                service: service, body: body, format: format, language: slot.language.rawValue,
                                acceptEncoding: acceptsGzip ? "br, gzip" : nil, ifNoneMatch: ifNoneMatch)
                            #expect(answer == wire, "\(table) \(language) \(name) gzip=\(acceptsGzip) \(ifNoneMatch)")
                            compared += 1
                            if expected.status == .notModified { notModified += 1 }
                        }
                    }
                }
            }
        }
        #expect(compared > 1_000)
        #expect(notModified > compared / 3)
    }

    /// The launch as apps send it, `?lang=` alone (a store language's bundle found from the
    /// raw query, ``LaunchSlots``): the `Localizable` bundle, JSON unless `Accept` prefers
    /// XML, answered as the field-by-field reference would.
    @Test func theLaunchWithOnlyALanguageIsTheFieldByFieldAnswer() throws {
        let holder = try LabelTestServer.catalog.get()
        let service = LabelService(catalog: holder)
        let state = holder.state
        var compared = 0
        let languages = state.catalog.languages(table: "Localizable").map(\.rawValue) + ["de-AT", "de_at", "DE", "zh-Hant-TW", "xx"]
        for language in languages {
            let chain = state.resolver.chain(preferred: [try #require(LanguageTag(language))])
            let slot = try #require(state.bundles.slot(table: "Localizable", chain: chain))
            for (accept, format) in [(nil, BundleSlot.Format.json), ("application/xml", .android), ("*/*", .json)] {
                let body = slot.body(format, gzip: true)
                for acceptsGzip in [false, true] {
                    for ifNoneMatch in Self.forms(body) {
                        let (answer, _, wire) = try Self.exchange(
                            "GET /labels?lang=\(language) HTTP/1.1\r\nHost: t\r\n" + (accept.map { "Accept: \($0)\r\n" } ?? ""),
                            service: service, body: body, format: format, language: slot.language.rawValue,
                            acceptEncoding: acceptsGzip ? "gzip" : nil, ifNoneMatch: ifNoneMatch)
                        #expect(answer == wire, "\(language) \(accept ?? "-") gzip=\(acceptsGzip) \(ifNoneMatch)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 300)
    }

    /// The one-probe lookup finds, for every store language with the table, the bundle
    /// the chain finds; other tags find none and take the chain.
    @Test func aStoreLanguageFindsTheBundleItsChainFinds() throws {
        let state = try LabelTestServer.catalog.get().state
        var probed = 0
        for table in state.catalog.tables {
            for language in state.catalog.languages {
                let byChain = state.bundles.slot(table: table, chain: state.resolver.chain(preferred: [language]))
                let direct = state.bundles.slot(table: table, language: language)
                if state.catalog.languages(table: table).contains(language) {
                    #expect(direct != nil && direct === byChain, "\(table) \(language)")
                    probed += 1
                } else {
                    #expect(direct == nil, "\(table) \(language)")
                }
            }
            #expect(state.bundles.slot(table: table, language: LanguageTag("de-AT")!) == nil)
        }
        #expect(probed >= 8)
    }
}
