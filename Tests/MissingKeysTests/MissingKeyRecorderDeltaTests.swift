import Foundation
import Testing
import LabelCore
import MissingKeys

private let t0 = Date(timeIntervalSince1970: 1_735_787_045)

/// The recorder as a report store's flush buffer (`drainDeltas()`).
@Suite struct MissingKeyRecorderDeltaTests {
    @Test func aDrainTakesTheHitsSinceTheLastOneAndEmptiesTheBuffer() {
        let recorder = MissingKeyRecorder(maxEntries: 10)
        recorder.record(table: "Localizable", key: "Play", requested: "de", servedFrom: "framework/en", at: t0)
        recorder.record(table: "Localizable", key: "Play", requested: "de", servedFrom: "key", at: t0 + 2)
        recorder.record(table: "Localizable", key: "Play", requested: "de", servedFrom: "framework/en", at: t0 + 1)
        let first = recorder.drainDeltas()
        #expect(first.entries.count == 1)
        let entry = first.entries[0]
        #expect(entry.hits == 3)
        #expect(entry.firstSeen == t0)
        #expect(entry.lastSeen == t0 + 2)
        #expect(entry.servedFrom == "key")
        #expect(!entry.reported)
        #expect(recorder.entryCount == 0)
        #expect(recorder.drainDeltas().isEmpty)
    }

    @Test func reportedOnlyEntriesAreMarkedAndAServerMissClearsTheMark() throws {
        let recorder = MissingKeyRecorder(maxEntries: 10)
        try recorder.recordReported(Array(#"[{"key":"A","lang":"de"},{"key":"B","lang":"de"}]"#.utf8), at: t0)
        recorder.record(table: "Localizable", key: "B", requested: "de", servedFrom: "framework/en", at: t0 + 1)
        let delta = recorder.drainDeltas()
        let byKey = Dictionary(uniqueKeysWithValues: delta.entries.map { ($0.id.key, $0) })
        #expect(byKey["A"]?.reported == true)
        #expect(byKey["A"]?.servedFrom == "client")
        #expect(byKey["B"]?.reported == false)
        #expect(byKey["B"]?.servedFrom == "framework/en")
    }

    @Test func aFullBufferCountsNewEntriesAsDroppedAndTheDrainHandsTheCountOn() {
        let recorder = MissingKeyRecorder(maxEntries: 2)
        for index in 0..<5 {
            recorder.record(table: "Localizable", key: "k\(index)", requested: "de", servedFrom: "key", at: t0)
        }
        let delta = recorder.drainDeltas()
        #expect(delta.entries.count == 2)
        #expect(delta.dropped.newEntries == 3)
        // The next period starts empty, with room again.
        #expect(recorder.record(table: "Localizable", key: "k9", requested: "de", servedFrom: "key", at: t0) == .added)
        #expect(recorder.drainDeltas().dropped.newEntries == 0)
    }

    @Test func pluralMissesAreEntriesOfTheirOwnInTheDelta() {
        let recorder = MissingKeyRecorder()
        recorder.record(table: "Localizable", key: "files", requested: "ru", servedFrom: "app/ru", at: t0,
                        plural: PluralMiss(variable: "n", category: .few))
        recorder.record(table: "Localizable", key: "files", requested: "ru", servedFrom: "key", at: t0)
        let plural = recorder.drainDeltas().entries.compactMap(\.id.plural)
        #expect(plural == [PluralMiss(variable: "n", category: .few)])
    }
}
