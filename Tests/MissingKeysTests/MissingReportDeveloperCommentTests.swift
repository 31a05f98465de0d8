import Foundation
import LabelCore
import Testing
@testable import MissingKeys

/// The `.strings` stub puts the developer's comment right above its entry, after the facts.
@Suite struct MissingReportDeveloperCommentTests {
    let t0 = Date(timeIntervalSince1970: 1_735_787_045)

    @Test func theDeveloperCommentStandsRightAboveTheEntryAndCannotEndItsComment() throws {
        let hostile = "Keep {{EMAIL}} */ \"q\" = \"x\"; /* --> ]]> \u{1}"
        let report = MissingReport(entries: [
            .init(key: "k", table: "Localizable", requested: "de", servedFrom: "app/en", hits: 2, firstSeen: t0, lastSeen: t0),
            .init(key: "bare", table: "Localizable", requested: "de", servedFrom: "key", hits: 1, firstSeen: t0, lastSeen: t0),
        ], since: t0)
        let stub = report.stringsStub(generatedAt: t0, developmentValue: { _, key in key.uppercased() },
                                      developerComment: { _, key in key == "k" ? hostile : nil })
        let text = String(decoding: stub, as: UTF8.self)
        #expect(text.contains("served from app/en */\n/* Keep {{EMAIL}} * / \"q\" = \"x\"; /* --> ]]> \u{1} */\n\"k\" = \"K\";"))
        // Without a comment the entry is as it always was.
        #expect(text.contains("served from key */\n\"bare\" = \"BARE\";"))
        let file = try StringsFileParser.parse(Data(stub), file: "stub.strings", comments: true)
        #expect(file.values == ["k": "K", "bare": "BARE"])
        #expect(file.comments["k"] == "Keep {{EMAIL}} * / \"q\" = \"x\"; /* --> ]]> \u{1}")
    }
}
