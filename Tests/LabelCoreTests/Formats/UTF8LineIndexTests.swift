import Foundation
import Testing
import TestSupport
@testable import LabelCore

/// The one-pass location of one error gives what the index gives.
@Suite struct UTF8LineIndexTests {
    @Test func oneErrorsLocationInOnePassIsTheIndexs() {
        var random = SeededGenerator(seed: 8)
        let pieces = ["a", "\n", "ü", "😀", "\r\n", " ", "<x>"]
        for _ in 0..<300 {
            var text = (0..<Int.random(in: 0...30, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            if Bool.random(using: &random) { text = "\u{FEFF}" + text }
            let bytes = Array(text.utf8)
            let index = UTF8LineIndex(Data(bytes))
            for offset in -1...(bytes.count + 1) {
                #expect(UTF8LineIndex.location(ofByte: offset, in: bytes, file: "f") == index.location(ofByte: offset, file: "f"))
            }
        }
    }
}
