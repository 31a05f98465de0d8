import TestSupport
import Foundation
import Testing
import LabelServer

/// The label API: the real ``LabelService`` over the bundled `Strings/`, answering in process
/// through the server's parser and encoder; a few tests (a label, HEAD, the parser's
/// rejections, health) go end to end through the real server over a socket.
@Suite(.serialized)
struct LabelServiceTests {
    // MARK: Labels

    @Test func germanOneCoinIsSingularWithContentLanguage() throws {
        try LabelTestServer.with { server in
            let response = try server.get("/labels/coins.count?lang=de&count=1")
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
            #expect(response.header("Content-Language") == "de")
            let json = try #require(response.json)
            #expect(json["key"] as? String == "coins.count")
            #expect(json["value"] as? String == "1 Münze")
            #expect(json["lang"] as? String == "de")
            #expect(json["requested"] as? String == "de")
            #expect(json["table"] as? String == "Localizable")
            #expect(json["source"] as? String == "app/de")
            #expect(json["plural"] as? String == "one")
        }
    }

    @Test func germanThreeCoinsArePluralOther() throws {
        try LabelTestServer.inProcess { server in
            let json = try #require(try server.get("/labels/coins.count?lang=de&count=3").json)
            #expect(json["value"] as? String == "3 Münzen")
            #expect(json["plural"] as? String == "other")
        }
    }

    @Test func regionalTagResolvesThroughItsLanguage() throws {
        try LabelTestServer.inProcess { server in
            let response = try server.get("/labels/coins.count?lang=de-AT&count=3")
            #expect(response.status == 200)
            #expect(response.header("Content-Language") == "de")
            let json = try #require(response.json)
            #expect(json["requested"] as? String == "de-AT")
            #expect(json["lang"] as? String == "de")
            #expect(json["value"] as? String == "3 Münzen")
        }
    }

    @Test func acceptLanguageIsHonouredWithoutLang() throws {
        try LabelTestServer.inProcess { server in
            // No French coins anywhere: fr-CH, fr fall through to the second preference.
            let response = try server.get("/labels/coins.count?count=3", "Accept-Language: fr-CH, de;q=0.5\r\n")
            #expect(response.status == 200)
            #expect(response.header("Content-Language") == "de")
            let json = try #require(response.json)
            #expect(json["requested"] as? String == "fr-CH")
            #expect(json["value"] as? String == "3 Münzen")
        }
    }

    @Test func langWinsOverAcceptLanguage() throws {
        try LabelTestServer.inProcess { server in
            let response = try server.get("/labels/coins.count?lang=en&count=3", "Accept-Language: de\r\n")
            #expect(response.json?["value"] as? String == "3 coins")
            #expect(response.header("Content-Language") == "en")
        }
    }

    @Test func wellFormedLanguageWithoutStringsFallsThroughToTheDevelopmentLanguage() throws {
        try LabelTestServer.inProcess { server in
            let response = try server.get("/labels/coins.count?lang=xx&count=3")
            #expect(response.status == 200)
            let json = try #require(response.json)
            #expect(json["requested"] as? String == "xx")
            #expect(json["value"] as? String == "3 coins")
            #expect(json["source"] as? String == "app/en")
        }
    }

    @Test func acceptTextPlainGetsJustTheValue() throws {
        try LabelTestServer.inProcess { server in
            let response = try server.get("/labels/coins.count?lang=de&count=3", "Accept: text/plain\r\n")
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("text/plain") == true)
            #expect(response.header("Content-Language") == "de")
            #expect(response.text == "3 Münzen")
        }
    }

    @Test func unknownKeyIsTheKeyItself() throws {
        try LabelTestServer.inProcess { server in
            let response = try server.get("/labels/no.such.key?lang=de")
            #expect(response.status == 200)
            let json = try #require(response.json)
            #expect(json["value"] as? String == "no.such.key")
            #expect(json["source"] as? String == "key")
        }
    }

    @Test func pluralTemplateWithoutCountComesBackUnrenderedWithItsArgumentCount() throws {
        try LabelTestServer.inProcess { server in
            let response = try server.get("/labels/coins.count?lang=de")
            #expect(response.status == 200)
            let json = try #require(response.json)
            #expect(json["arguments"] as? Int == 1)
            let value = try #require(json["value"] as? String)
            #expect(value.contains("%"), "expected the unrendered template, got \(value)")
        }
    }

    @Test func missingSecondArgumentIs400NamingIt() throws {
        try LabelTestServer.inProcess { server in
            let response = try server.get("/labels/reward.youtube?lang=de&count=3")
            #expect(response.status == 400)
            let json = try #require(response.json)
            #expect(json["error"] as? String == "invalid_argument")
            let message = try #require(json["message"] as? String)
            #expect(message.contains("argument 2"), "\(message)")
        }
    }

    @Test func bothArgumentsRenderTheTwoPlurals() throws {
        try LabelTestServer.inProcess { server in
            let json = try #require(try server.get("/labels/reward.youtube?lang=de&count=5&arg=10").json)
            #expect(json["value"] as? String == "5 Minuten YouTube schauen, kostet 10 Münzen")
        }
    }

    @Test func headIsAnsweredWithoutBody() throws {
        try LabelTestServer.with { server in
            let response = try server.get("/labels/coins.count?lang=de&count=3", method: "HEAD")
            #expect(response.status == 200)
            #expect(response.body.isEmpty)
            #expect(Int(response.header("Content-Length") ?? "") ?? 0 > 0)
        }
    }

    // MARK: Bad input

    @Test(arguments: [("x-klingon", "x-klingon"), ("x-foo-bar", "x-foo-bar"), ("X-Private", "x-private"),
                      ("i-klingon", "i-klingon"), ("en-GB-oed", "en-GB-oed"), ("zh-min-nan", "zh-min-nan")])
    func privateUseAndGrandfatheredTagsFallThroughToTheDevelopmentLanguage(lang: String, canonical: String) throws {
        try LabelTestServer.inProcess { server in
            let response = try server.get("/labels/coins.count?lang=\(lang)&count=3")
            #expect(response.status == 200, "\(response)")
            let json = try #require(response.json)
            #expect(json["requested"] as? String == canonical)
            #expect(json["lang"] as? String == "en")
            #expect(json["value"] as? String == "3 coins")
        }
    }

    @Test func aPrivateUseTagInAcceptLanguageIsAPreferenceNotDropped() throws {
        try LabelTestServer.inProcess { server in
            let alone = try #require(try server.get("/labels/coins.count?count=3", "Accept-Language: x-klingon\r\n").json)
            #expect(alone["requested"] as? String == "x-klingon")
            #expect(alone["value"] as? String == "3 coins")
            let then = try #require(try server.get("/labels/coins.count?count=3", "Accept-Language: X-Klingon, de;q=0.5\r\n").json)
            #expect(then["requested"] as? String == "x-klingon")
            #expect(then["value"] as? String == "3 Münzen")
        }
    }

    @Test(arguments: ["..%2Fetc", "../etc", "de%0A", "%00", "de_DE-", "de--at", "x", "x-", "i-foo", "x-klingon%01",
                      "x-\(String(repeating: "a", count: 200))"])
    func malformedLanguageIs400InvalidLanguage(lang: String) throws {
        try LabelTestServer.inProcess { server in
            let response = try server.get("/labels/coins.count?lang=\(lang)")
            try expectError(response, status: 400, code: "invalid_language")
        }
    }

    @Test func twoHundredCharacterLanguageIs400() throws {
        try LabelTestServer.inProcess { server in
            let response = try server.get("/labels/coins.count?lang=\(String(repeating: "a", count: 200))")
            try expectError(response, status: 400, code: "invalid_language")
        }
    }

    @Test func fiveThousandByteKeyIs400KeyTooLong() throws {
        try LabelTestServer.inProcess { server in
            let response = try server.get("/labels/\(String(repeating: "k", count: 5000))")
            try expectError(response, status: 400, code: "key_too_long")
        }
    }

    @Test func twentyThousandByteKeyIs414() throws {
        try LabelTestServer.with { server in
            let client = try RawClient(port: server.port)
            let response = try client.exchange("GET /labels/\(String(repeating: "k", count: 20_000)) HTTP/1.1\r\nHost: test\r\n\r\n")
            try expectError(response, status: 414, code: "uri_too_long")
            #expect(response.closes)
            #expect(client.waitForClose() == .closed)
        }
    }

    @Test(arguments: ["%ZZ", "abc%", "%C3", "%FF%FE", "a%2"])
    func badPercentEncodingInTheKeyIs400(key: String) throws {
        try LabelTestServer.inProcess { server in
            try expectError(try server.get("/labels/\(key)"), status: 400, code: "invalid_key")
        }
    }

    @Test func postToALabelIs405WithAllow() throws {
        try LabelTestServer.inProcess { server in
            let response = try server.get("/labels/x", "Content-Length: 0\r\n", method: "POST")
            try expectError(response, status: 405, code: "method_not_allowed")
            #expect(response.header("Allow") == "GET, HEAD")
        }
    }

    @Test func unknownPathIs404Json() throws {
        try LabelTestServer.inProcess { server in
            try expectError(try server.get("/nope"), status: 404, code: "not_found")
        }
    }

    @Test func parserRejectionsAreJsonToo() throws {
        try LabelTestServer.with { server in
            let client = try RawClient(port: server.port)
            let response = try client.exchange("GET /healthz HTTP/1.1\r\n\r\n")   // no Host
            try expectError(response, status: 400, code: "bad_request")
            #expect(client.waitForClose() == .closed)
        }
    }

    // MARK: Health

    @Test func healthzAndReadyzAre200() throws {
        try LabelTestServer.with { server in
            let health = try server.get("/healthz")
            let ready = try server.get("/readyz")
            #expect(health.status == 200)
            #expect(ready.status == 200)
            #expect(health.json?["status"] as? String == "ok")
        }
    }

    @Test func readyzIs503OnceNotReady() throws {
        try LabelTestServer.inProcess { server in
            server.readiness.set(false)
            let ready = try server.get("/readyz")
            let health = try server.get("/healthz")
            #expect(ready.status == 503)
            #expect(health.status == 200)
        }
    }

    /// The in-process helper is only worth its tests if it answers as the socket does:
    /// the same status, fields (but `Date`) and body for labels, bundles, HEAD, errors and gzip.
    @Test(arguments: ["/labels/coins.count?lang=de&count=3", "/labels?lang=ru", "/labels?lang=de&format=strings",
                      "/labels/x?lang=..", "/nope", "/labels/%ZZ", "/healthz"])
    func inProcessAnswersAreTheSocketsAnswers(target: String) throws {
        for (method, extra) in [("GET", ""), ("HEAD", ""), ("GET", "Accept-Encoding: gzip\r\n"), ("DELETE", "")] {
            let socket = try LabelTestServer.with { try $0.get(target, extra, method: method) }
            let local = try LabelTestServer.inProcess { try $0.get(target, extra, method: method) }
            #expect(local.status == socket.status, "\(method) \(target)")
            #expect(local.headers.filter { $0.name != "Date" }.map { "\($0.name): \($0.value)" }
                    == socket.headers.filter { $0.name != "Date" }.map { "\($0.name): \($0.value)" }, "\(method) \(target)")
            #expect(local.body == socket.body, "\(method) \(target)")
        }
    }

    /// Every error is JSON `{"error": code, "message": text}`.
    private func expectError(_ response: RawResponse, status: Int, code: String? = nil,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(response.status == status, "\(response)", sourceLocation: sourceLocation)
        #expect(response.header("Content-Type")?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
        let json = try #require(response.json, "not JSON: \(response.text)", sourceLocation: sourceLocation)
        #expect(json["error"] is String, sourceLocation: sourceLocation)
        #expect((json["message"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
        if let code { #expect(json["error"] as? String == code, "\(json)", sourceLocation: sourceLocation) }
    }
}
