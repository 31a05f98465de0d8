import Foundation
@testable import LabelTranslators
import MissingKeys
import Testing

@Suite struct MissingPageTests {
    @Test func thePagePagesWithPreviousAndNextLinksKeepingTheFilters() {
        let at = Date(timeIntervalSince1970: 1_735_787_045)
        let entries = (0..<5).map { index in
            MissingReport.Entry(key: "key.\(index)", table: "Localizable", requested: "ru", servedFrom: "key",
                                hits: 10 - index, firstSeen: at, lastSeen: at)
        }
        let report = MissingReport(entries: entries, since: at)
        let query = MissingQuery(lang: "ru", limit: 2, offset: 2)
        let page = String(decoding: MissingPage.render(report: report, query: query, coverage: [], languages: ["ru"],
                                                       tables: ["Localizable"]) { _, _, _ in nil }, as: UTF8.self)
        #expect(page.contains("Missing strings 3–4 of 5, most hits first"))
        #expect(page.contains("<code>key.2</code>") && page.contains("<code>key.3</code>"))
        #expect(!page.contains("<code>key.1</code>") && !page.contains("<code>key.4</code>"))
        #expect(page.contains(#"href="/missing?lang=ru&amp;format=html&amp;limit=2&amp;offset=0" rel="prev""#))
        #expect(page.contains(#"href="/missing?lang=ru&amp;format=html&amp;limit=2&amp;offset=4" rel="next""#))
    }
}
