import Foundation
import Testing
import TestSupport

/// One GET with a well-formed `-u-nu-` tag must never kill the process (corelibs
/// `NumberFormatter` trapped inside `NumberSymbols(locale:)` on `de-u-nu-latn`). Each of
/// those requests answers 200 with the numbering system's digits, from the
/// generated tables; expected numbers are Foundation's `String(format:locale:)` with an
/// ICU-form identifier built here.
@Suite(.serialized)
struct NumberingSystemRequestTests {
    private func foundation(_ format: String, _ icu: String, _ value: Int) -> String {
        String(format: format, locale: Locale(identifier: icu), value)
    }

    @Test func theIssuesTagsAnswer200WithTheirDigits() throws {
        try LabelTestServer.inProcess { server in
            let cases: [(target: String, value: String, numberLocale: String)] = [
                ("/labels/coins.count?lang=de-u-nu-latn&count=3", "3 Münzen", "de-u-nu-latn"),
                ("/labels/coins.count?lang=de-u-nu-latn&count=1234", "1.234 Münzen", "de-u-nu-latn"),
                ("/labels/coins.count?lang=th-TH-u-nu-thai&count=1234", "๑,๒๓๔ coins", "en-TH-u-nu-thai"),
                ("/labels/coins.count?lang=hi-IN-u-nu-deva&count=1234", "१,२३४ coins", "en-IN-u-nu-deva"),
                ("/labels/coins.count?lang=zh-u-nu-hanidec&count=1234", "一,二三四 coins", "en-u-nu-hanidec"),
                ("/labels/items.count?lang=ar-u-nu-arab&count=3",
                 foundation("%d عناصر", "ar@numbers=arab", 3), "ar-u-nu-arab"),
            ]
            for (target, value, numberLocale) in cases {
                let response = try server.get(target)
                #expect(response.status == 200, "\(target)")
                let json = try #require(response.json, "\(target)")
                #expect(json["value"] as? String == value, "\(target)")
                #expect(json["numberLocale"] as? String == numberLocale, "\(target)")
            }
        }
    }

    @Test func theArabicDigitsAreFoundations() throws {
        try LabelTestServer.inProcess { server in
            let value = try #require(try server.get("/labels/items.count?lang=ar-u-nu-arab&count=1234").json?["value"] as? String)
            #expect(value.contains(foundation("%d", "ar@numbers=arab", 1234)))
            #expect(value.contains("١٬٢٣٤"))
        }
    }

    @Test func anUnknownNumberingSystemIsIgnored() throws {
        try LabelTestServer.inProcess { server in
            for (target, language) in [("/labels/items.count?lang=fr-u-nu-xxxx&count=1234", "fr"),
                                       ("/labels/coins.count?lang=de-u-nu-roman&count=1234", "de")] {
                let response = try server.get(target)
                #expect(response.status == 200, "\(target)")
                let json = try #require(response.json)
                #expect(json["numberLocale"] as? String == language, "\(target)")
                #expect((json["value"] as? String)?.contains(foundation("%d", language, 1234)) == true, "\(target)")
            }
        }
    }

    @Test func acceptLanguageWithANumberingSystemAnswers200() throws {
        try LabelTestServer.inProcess { server in
            for header in ["th-TH-u-nu-thai", "hi-IN-u-nu-deva, de;q=0.5", "de-u-nu-latn", "fr-u-nu-xxxx"] {
                let response = try server.get("/labels/coins.count?count=1234", "Accept-Language: \(header)\r\n")
                #expect(response.status == 200, "\(header)")
            }
            let thai = try server.get("/labels/coins.count?count=1234", "Accept-Language: th-TH-u-nu-thai\r\n")
            #expect(thai.json?["value"] as? String == "๑,๒๓๔ coins")
        }
    }

    @Test func frenchCanadianNumbersKeepTheirRegion() throws {
        try LabelTestServer.inProcess { server in
            let json = try #require(try server.get("/labels/items.count?lang=fr-CA&count=1234").json)
            #expect(json["numberLocale"] as? String == "fr-CA")
            #expect((json["value"] as? String)?.contains(foundation("%d", "fr_CA", 1234)) == true)
            #expect((json["value"] as? String)?.contains("1\u{A0}234") == true)
        }
    }
}
