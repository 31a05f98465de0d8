import Foundation
import Testing
@testable import LabelCore

/// ``JSONKeyLocator`` recurses at most ``JSONKeyLocator/maximumDepth`` deep: any
/// nesting returns, and keys beside a too-deep value are still located.
@Suite struct JSONKeyLocatorDepthTests {
    @Test func aHundredThousandNestedArraysReturnWithoutCrashing() {
        let data = Data(repeating: UInt8(ascii: "["), count: 100_000)
        #expect(JSONKeyLocator.keyOffsets(in: data).isEmpty)
    }

    @Test func aHundredThousandNestedObjectsReturnTheShallowKeys() {
        let data = Data(String(repeating: #"{"a":"#, count: 100_000).utf8)
        let offsets = JSONKeyLocator.keyOffsets(in: data)
        #expect(offsets.count == JSONKeyLocator.maximumDepth)
        #expect(offsets[["a"]] == 1)
    }

    @Test func aKeyAfterAValueNestedPastTheBoundIsStillLocated() {
        let deep = String(repeating: "[", count: 200) + #""]""# + String(repeating: "]", count: 200)
        let text = #"{"deep": "# + deep + #", "after": 1}"#
        let offsets = JSONKeyLocator.keyOffsets(in: Data(text.utf8))
        #expect(offsets[["after"]] == text.utf8.count - 11)
        #expect(offsets[["deep"]] == 1)
    }
}
