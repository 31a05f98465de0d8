import Foundation
import MissingKeys
import Testing

@testable import ReportStore

/// What a hostile or corrupted Redis may hold in a record never reaches the report's
/// formatting out of range.
@Suite struct ReportCodecTests {
    @Test func extremeStoredTimesAndHitsAreClamped() throws {
        let id = Array("Localizable\u{1F}k\u{1F}de\u{1F}\u{1F}".utf8)
        let record = Array("99999999999999999\u{1F}\(Int64.min)\u{1F}\(Int64.max)\u{1F}app/en\u{1F}0\u{1F}\(Int64.max)".utf8)
        let entry = try #require(ReportCodec.entry(id: id, record: record))
        #expect(entry.hits == MissingReport.maximumCount)
        #expect(entry.firstSeen == ReportCodec.date(milliseconds: ReportCodec.millisecondRange.lowerBound))
        #expect(entry.lastSeen == ReportCodec.date(milliseconds: ReportCodec.millisecondRange.upperBound))
        #expect(MissingReport.timestamp(entry.lastSeen).hasPrefix("9999-12-31T23:59:59"))
        #expect(ReportCodec.milliseconds(entry.firstSeen) == ReportCodec.millisecondRange.lowerBound)
    }
}
