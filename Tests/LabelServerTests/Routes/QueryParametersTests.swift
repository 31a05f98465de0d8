import Foundation
import HTTP1
import LabelCore
import Testing
import TestSupport
@testable import LabelServer

/// One decoder for every route's query: the same problem gets the same code and words everywhere.
@Suite struct QueryParametersTests {
    static let missing = try! MissingRouteTests.Fixture()

    @Test(arguments: ["/labels/coins.count?lang=..%2Fx", "/labels?lang=..%2Fx", "/missing?lang=..%2Fx",
                      "/coverage?lang=..%2Fx", "/missing?format=html&lang=..%2Fx"])
    func aBadLanguageReadsTheSameOnEveryRoute(target: String) throws {
        let response = Self.missing.get(target)
        #expect(response.status == .badRequest)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(body["error"] as? String == "invalid_language")
        #expect(body["message"] as? String == #"lang "../x" is not a well-formed BCP 47 language tag"#)
    }

    @Test(arguments: ["/labels/coins.count?table=..%2Fx", "/labels?table=..%2Fx", "/missing?table=..%2Fx",
                      "/coverage?table=..%2Fx"])
    func aBadTableReadsTheSameOnEveryRoute(target: String) throws {
        let response = Self.missing.get(target)
        #expect(response.status == .badRequest)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(body["error"] as? String == "invalid_table")
        #expect(body["message"] as? String == "table must be 1-\(TableName.maximumLength) letters, digits, '_', '-' or '.'")
    }

    /// Moved from MissingKeys (its own copy of this validation is gone): the report's page bounds.
    @Test(arguments: [("limit", "0", "invalid_limit"), ("limit", "10001", "invalid_limit"), ("limit", "-1", "invalid_limit"),
                      ("limit", "1e3", "invalid_limit"), ("limit", "", "invalid_limit"), ("limit", "%205", "invalid_limit"),
                      ("offset", "-1", "invalid_offset"), ("offset", "x", "invalid_offset"),
                      ("offset", "999999999999", "invalid_offset"), ("lang", "..%2Fetc", "invalid_language"),
                      ("table", "..%2Fx", "invalid_table"), ("format", "xml", "invalid_format"), ("q", String(repeating: "a", count: 257), "invalid_search")])
    func outOfRangeReportParametersAreRefusedWithTheirCode(name: String, value: String, code: String) {
        let response = Self.missing.get("/missing?\(name)=\(value)")
        #expect(response.status == .badRequest)
        #expect(LabelBundlesTests.errorCode(response) == code)
    }

    @Test func theReportPageBoundsThemselvesAreAccepted() {
        #expect(Self.missing.get("/missing?limit=1").status == .ok)
        #expect(Self.missing.get("/missing?limit=10000&offset=0").status == .ok)
        #expect(Self.missing.get("/missing?offset=100000000").status == .ok)
        #expect(Self.missing.get("/missing?lang=de_at").status == .ok)
    }

    @Test func theUsageAndCoveragePagesRefuseWhatTheyDoNotRender() throws {
        try TranslatorServer.with { server in
            for target in ["/usage?format=csv", "/coverage?format=csv"] {
                let response = try server.get(target)
                #expect(response.status == 400)
                #expect(response.json?["error"] as? String == "invalid_format")
                #expect(response.json?["message"] as? String == "format must be json or html")
            }
            let unused = try server.get("/usage?unused=yes")
            #expect(unused.json?["error"] as? String == "invalid_unused")
            #expect(try server.get("/usage?unused=true&format=json&table=").status == 200)
        }
    }

    @Test func formatErrorsListWhatTheRouteRenders() {
        #expect(QueryParameters.invalidFormat(["json", "strings"]).message == "format must be json or strings")
        #expect(QueryParameters.invalidFormat(["json", "csv", "strings", "xliff", "html"]).message
                == "format must be json, csv, strings, xliff or html")
    }

    @Test func emptyFiltersMeanAllOnTheReportButAreRefusedOnLabels() {
        #expect(Self.missing.get("/missing?lang=&table=&q=").status == .ok)
        #expect(LabelBundlesTests.errorCode(Self.missing.get("/labels?lang=")) == "invalid_language")
        #expect(LabelBundlesTests.errorCode(Self.missing.get("/labels/coins.count?table=")) == "invalid_table")
    }

    @Test func aBadScopeIsRefusedWhereverItAppears() {
        for target in ["/missing?scope=all", "/missing?scope=local&scope=all", "/admin/reload?scope=x"] {
            let method: HTTPMethod = target.hasPrefix("/admin") ? .post : .get
            let response = Self.missing.service.respond(to: HTTPRequest(method: method, target: target))
            if method == .get {
                #expect(LabelBundlesTests.errorCode(response) == "invalid_scope", "\(target)")
            } else {
                // Admin authorization comes first: without a token the route is forbidden.
                #expect(response.status == .forbidden)
            }
        }
    }
}

extension QueryParametersTests {
    @Test func aPercentEncodedNameIsThatParameterAndAnUnknownOneIsIgnored() throws {
        // `l%61ng` is `lang`, `c%6Funt` is `count`; `langs` and `lang%2B` are other names.
        let plain = Self.missing.get("/labels/coins.count?lang=de&count=3")
        let encoded = Self.missing.get("/labels/coins.count?l%61ng=de&c%6Funt=3&langs=fr&lang%2B=fr")
        #expect(plain.status == .ok)
        #expect(encoded.status == .ok)
        #expect(encoded.body == plain.body)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(encoded.body)) as? [String: Any])
        #expect(body["requested"] as? String == "de")
    }
}
