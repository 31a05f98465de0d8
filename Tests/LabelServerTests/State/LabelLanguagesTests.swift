import HTTP1
import LabelCore
import Testing
import TestSupport
@testable import LabelServer

/// The label route's header fields and `lang=` chains are built once per language; they must
/// be the fields the route wrote per request, in the same order, for every language and for
/// none, and the chains the resolver gives.
@Suite struct LabelLanguagesTests {
    /// What `GET /labels/{key}` wrote per request before the fields were built at load.
    private static func perRequest(language: LanguageTag?, plainText: Bool) -> HTTPHeaders {
        var headers: HTTPHeaders = [:]
        headers.add(.contentType, value: plainText ? "text/plain; charset=utf-8" : "application/json; charset=utf-8")
        if let language { headers.add(.contentLanguage, value: language.rawValue) }
        headers.add(.vary, value: "Accept, Accept-Language")
        return headers
    }

    private static let resolver = LabelResolver(catalog: try! StoreLoader.load(
        StoreConfiguration(directory: LabelTestServer.bundledStore)).catalog)

    @Test func prebuiltFieldsAreThePerRequestFieldsForEveryLanguageAndNone() {
        let known = ["de", "en", "fr", "pt-BR"].map { LanguageTag($0)! }
        let table = LabelLanguages(languages: known, resolver: Self.resolver)
        for language in known.map(Optional.some) + [nil, LanguageTag("zz-Latn")!] {
            for plainText in [false, true] {
                let headers = table.headers(language: language, plainText: plainText).fields
                #expect(headers == Self.perRequest(language: language, plainText: plainText), "\(String(describing: language))")
                #expect(headers.fields == Self.perRequest(language: language, plainText: plainText).fields)
                if let language, known.contains(language) {
                    #expect(table.language(language)?.headers(plainText: plainText).fields == headers)
                }
            }
        }
    }

    @Test func prebuiltChainsAreTheResolversAndOnlyForTheLanguagesGiven() {
        let known = Self.resolver.catalog.languages + ["pt-BR", "zz"].map { LanguageTag($0)! }
        let table = LabelLanguages(languages: known, resolver: Self.resolver)
        for language in known {
            #expect(table.language(language)?.chain == Self.resolver.chain(preferred: [language]), "\(language)")
        }
        #expect(table.language(LanguageTag("de-AT")!) == nil)
    }

    @Test func labelAnswersInEachFormatCarryTheFieldsInOrderAndTheServersOwn() throws {
        try LabelTestServer.inProcess { server in
            for (target, accept, type, language) in [
                ("/labels/coins.count?lang=de&count=3", "", "application/json; charset=utf-8", "de"),
                ("/labels/coins.count?lang=de&count=3", "Accept: text/plain\r\n", "text/plain; charset=utf-8", "de"),
                ("/labels/no.such.key?lang=de", "", "application/json; charset=utf-8", "en"),
            ] {
                let response = try server.get(target, accept)
                #expect(response.status == 200)
                #expect(response.header("Content-Type") == type)
                #expect(response.header("Content-Language") == language)
                #expect(response.header("Vary") == "Accept, Accept-Language")
                #expect(response.header("X-Content-Type-Options") == "nosniff")
            }
        }
    }
}
