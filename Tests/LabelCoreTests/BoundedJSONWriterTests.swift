import Foundation
import Testing
@testable import LabelCore

/// The calls both writers take, so that one list of calls drives either (only here:
/// the server has one caller of ``BoundedJSONWriter`` and needs no protocol).
private protocol SampleWriter {
    mutating func beginObject()
    mutating func endObject()
    mutating func field(literal name: StaticString, _ value: String?)
    mutating func field(literal name: StaticString, _ value: Int)
    mutating func beginArray(literal name: StaticString)
    mutating func element(_ value: String)
    mutating func endArray()
}

extension JSONWriter: SampleWriter {}
extension BoundedJSONWriter: SampleWriter {}

/// The same calls for either writer.
private func writeSample(_ value: String, to out: inout some SampleWriter) {
    out.beginObject()
    out.field(literal: "value", value)
    out.field(literal: "none", nil)
    out.field(literal: "n", -42)
    out.beginArray(literal: "chain")
    out.element(value)
    out.element("de")
    out.endArray()
    out.endObject()
}

@Suite struct BoundedJSONWriterTests {
    @Test func writesTheBytesJSONWriterWritesForTheSameCalls() throws {
        let values = ["", "plain", "quote \" backslash \\", "newline \n tab \t cr \r", "nul \u{0} bell \u{7} \u{1F}",
                      "ä „x“ 🐞", "\u{2028}\u{2029}", "\u{E2}\u{80}", "ends in \u{E2}", "€ and \u{2027}"]
        for value in values {
            var growing = JSONWriter()
            writeSample(value, to: &growing)
            let bounded = BoundedJSONWriter.bytes(bound: 128 + 2 * BoundedJSONWriter.quotedBound(value)) {
                writeSample(value, to: &$0)
            }
            #expect(bounded == growing.bytes, "\(value.debugDescription)")
            let object = try JSONSerialization.jsonObject(with: Data(bounded)) as? [String: Any]
            #expect(object?["value"] as? String == value)
        }
    }

    @Test func aQuotedStringNeverExceedsItsBound() {
        // Every byte escaped at its longest: control bytes become six.
        let worst = String(repeating: "\u{1}", count: 50) + String(repeating: "\u{2028}", count: 10)
        let bytes = BoundedJSONWriter.bytes(bound: BoundedJSONWriter.quotedBound(worst) + 16) { out in
            out.beginArray(literal: "a")
            out.element(worst)
            out.endArray()
        }
        #expect(bytes.count <= BoundedJSONWriter.quotedBound(worst) + 16)
        #expect(bytes.count == 6 + 2 + 50 * 6 + 10 * 6)
    }
}
