import Foundation
import GzipCoding
import Testing

@testable import LabelCore

/// LabelCore's pseudolocalizer against Debian's `aapt package --pseudo-localize` over every
/// corpus value valid in both syntaxes (Fixtures/Pseudo/aapt-oracle.json.gz, written by
/// scripts/generate-pseudo-oracle.sh; the filter is documented there and in docs/pseudo-locales.md).
@Suite struct PseudolocalizerOracleTests {
    struct Case: Sendable {
        var value: String
        var accented: String
        var bidirectional: String
    }

    static func cases() throws -> [Case] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
            .appending(path: "Pseudo/aapt-oracle.json.gz")
        let bytes = try Gzip.decompress([UInt8](Data(contentsOf: url)))
        let document = try JSONDocument.read(bytes)
        guard case .array(let rows) = try #require(document["cases"]) else { return [] }
        return rows.compactMap { row in
            guard case .array(let fields) = row, fields.count == 3,
                  let value = fields[0].stringValue, let accented = fields[1].stringValue,
                  let bidirectional = fields[2].stringValue
            else { return nil }
            return Case(value: value, accented: accented, bidirectional: bidirectional)
        }
    }

    @Test func everyCorpusValueEqualsWhatAaptGeneratesForEnXAAndArXB() throws {
        let cases = try Self.cases()
        #expect(cases.count == 5017)
        var accentedDiffer: [String] = []
        var bidiDiffer: [String] = []
        for item in cases {
            let accented = Pseudolocalizer.pseudolocalize(item.value, as: .accented)
            if Array(accented.utf8) != Array(item.accented.utf8) {
                accentedDiffer.append("\(item.value) → \(accented) (aapt: \(item.accented))")
            }
            let bidirectional = Pseudolocalizer.pseudolocalize(item.value, as: .bidirectional)
            if Array(bidirectional.utf8) != Array(item.bidirectional.utf8) {
                bidiDiffer.append("\(item.value) → \(bidirectional.debugDescription) (aapt: \(item.bidirectional.debugDescription))")
            }
        }
        #expect(accentedDiffer.isEmpty, "\(accentedDiffer.count) en-XA differ: \(accentedDiffer.prefix(5))")
        #expect(bidiDiffer.isEmpty, "\(bidiDiffer.count) ar-XB differ: \(bidiDiffer.prefix(5))")
    }
}
