import Foundation
import Testing
import TestSupport
@testable import LabelCore

/// The eight-bytes-at-a-time scan of ``JSONEscaping`` against a byte-at-a-time reference.
@Suite struct JSONEscapingTests {
    /// The bytes the escaping loop stops at, one at a time.
    private static func stops(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 }

    private static func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
    }

    @Test func theEightByteCheckFlagsEveryByteTheLoopStopsAtInEveryPosition() {
        for byte in UInt8.min...UInt8.max {
            for position in 0..<8 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                bytes[position] = byte
                #expect(JSONEscaping.mayNeedEscape(Self.word(bytes)) == Self.stops(byte), "byte \(byte) at \(position)")
            }
        }
    }

    @Test func theEightByteCheckAgreesWithTheBytesOnRandomWords() {
        var random = SeededGenerator(seed: 15)
        // Bytes around the ones that matter, where borrow tricks go wrong if they do.
        let near: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA2,
                             0xDC, 0xE1, 0xE2, 0xE3, 0xFF]
        for _ in 0..<20_000 {
            let bytes = (0..<8).map { _ in
                Bool.random(using: &random) ? near.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
            }
            #expect(JSONEscaping.mayNeedEscape(Self.word(bytes)) == bytes.contains(where: Self.stops), "\(bytes)")
        }
    }

    @Test func longRunsWithAnEscapeAtAnyOffsetEscapeAsFoundationReadsThem() throws {
        let specials = ["\"", "\\", "\n", "\r", "\t", "\u{1}", "\u{1F}", "\u{2028}", "\u{2029}", "\u{2027}", "€", "ü"]
        for special in specials {
            for offset in 0..<20 {
                let value = String(repeating: "x", count: offset) + special + String(repeating: "y", count: 19 - offset)
                var out = JSONWriter()
                out.beginObject()
                out.field(literal: "value", value)
                out.endObject()
                let text = String(decoding: out.bytes, as: UTF8.self)
                let object = try JSONSerialization.jsonObject(with: Data(out.bytes)) as? [String: Any]
                #expect(object?["value"] as? String == value, "\(text)")
                #expect(!text.contains("\u{2028}") && !text.contains("\u{2029}"), "\(text)")
                #expect(!text.utf8.dropFirst().dropLast().contains(where: { $0 < 0x20 }), "\(text)")
            }
        }
    }
}
