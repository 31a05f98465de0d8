import Testing
@testable import LabelScan

/// What a large source costs per token, literal and site: the 64 MiB benchmark file
/// (Benchmarks/unattended.py scan-64MiB) has ten million tokens and 2.2 million literals,
/// so these sizes decide whether it fits in 512 MiB.
@Suite struct ScanMemoryTests {
    @Test func aTokenIsTwelveBytes() {
        #expect(MemoryLayout<SourceToken>.stride == 12)
    }

    @Test func aLiteralIsAStringAndOneArrayReference() {
        #expect(MemoryLayout<SourceLiteral>.stride == 24)
    }

    @Test func aTokenKeepsEveryFieldThroughThePacking() {
        let offsets: [Int32] = [0, 1, 64 << 20, (1 << 27) - 1]
        for kind in [SourceToken.Kind.identifier, .string, .number, .punctuation, .operator] {
            for start in offsets {
                for newline in [false, true] {
                    let byte: UInt8 = kind == .string ? 0 : 0x7D
                    let payload: Int32 = kind == .string ? 12_345_678 : 0
                    let token = SourceToken(kind: kind, newlineBefore: newline, byte: byte, start: start,
                                            end: start &+ 3, payload: payload)
                    #expect(token.kind == kind && token.newlineBefore == newline && token.byte == byte)
                    #expect(token.start == start && token.end == start &+ 3 && token.payload == payload)
                }
            }
        }
    }

    @Test func anInterpolatedLiteralKeepsItsSegmentsAndSources() {
        let literal = SourceLiteral(segments: ["", " of ", " items"], interpolations: ["index", "count"])
        #expect(literal.segments == ["", " of ", " items"])
        #expect(literal.interpolations == ["index", "count"])
        #expect(literal.patternKey == "%@ of %@ items")
        #expect(literal.isInterpolated)
        #expect(!SourceLiteral(text: "plain").isInterpolated)
        #expect((literal + SourceLiteral(text: "!")).segments == ["", " of ", " items!"])
    }

    @Test func repeatedSitesAreDroppedAndTheFirstOfEachIsKept() {
        func site(_ line: Int, _ column: Int, _ key: String) -> ScanSite {
            ScanSite(file: "A.swift", line: line, column: column, callee: "Text", table: "Localizable", key: key, kind: .literal)
        }
        var sites = [site(1, 1, "a"), site(1, 1, "b"), site(1, 1, "a"), site(2, 1, "a"), site(2, 1, "a"), site(3, 4, "c"),
                     site(3, 4, "b"), site(3, 4, "c")]
        SiteScanner.removeRepeats(&sites)
        #expect(sites.map { "\($0.line):\($0.column):\($0.key ?? "")" } == ["1:1:a", "1:1:b", "2:1:a", "3:4:c", "3:4:b"])
    }

    @Test func everyLineOfAFileOfNestedBracketsGivesItsSite() {
        let line = #"let v = Text("k.\(n)").font([a[0], b].first { $0 })"#
        let source = (0..<2_000).map { _ in line }.joined(separator: "\n")
        let sites = scanSites(source)
        #expect(sites.count == 2_000)
        #expect(sites.allSatisfy { $0.kind == .interpolated && $0.key == "k.%@" })
        #expect(sites.last?.line == 2_000)
    }
}
