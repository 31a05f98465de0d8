import Testing
import TestSupport
@testable import LabelCore

/// ``JSONWriter``'s array helper against the helper the reports wrote before (an item per
/// fresh writer, joined with commas) and the String Catalog layout's escaping.
@Suite struct JSONWriterArrayTests {
    private static func reference<T>(_ items: [T], _ write: (inout JSONWriter, T) -> Void) -> [UInt8] {
        var bytes: [UInt8] = Array("[".utf8)
        for (index, item) in items.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            var writer = JSONWriter()
            write(&writer, item)
            bytes += writer.bytes
        }
        return bytes + Array("]".utf8)
    }

    private static func object(_ writer: inout JSONWriter, _ item: (String, Int)) {
        writer.beginObject()
        writer.field("key", item.0)
        writer.field("hits", item.1)
        writer.field(literal: "none", nil as String?)
        writer.endObject()
    }

    @Test func arrayWritesTheBytesOfItemsJoinedAfterAField() {
        for count in 0..<4 {
            let items = (0..<count).map { ("k\"\($0)", $0) }
            var writer = JSONWriter()
            writer.beginObject()
            writer.field("before", 1)
            writer.array("items", items, Self.object)
            writer.field("after", true)
            writer.endObject()
            var old = JSONWriter()
            old.beginObject()
            old.field("before", 1)
            old.field("items", raw: Self.reference(items, Self.object))
            old.field("after", raw: Array("true".utf8))
            old.endObject()
            #expect(writer.text == old.text)
        }
    }

    @Test func nestedArraysAndStringArraysMatchTheHandWrittenOnes() {
        let rows = [["a", "b\n"], [], ["\u{2028}"]]
        var writer = JSONWriter()
        writer.beginObject()
        writer.array("rows", rows) { row, strings in
            row.beginObject()
            row.field("strings", strings: strings)
            row.array("again", strings) { $0.element($1) }
            row.endObject()
        }
        writer.endObject()
        #expect(writer.text == #"{"rows":[{"strings":["a","b\n"],"again":["a","b\n"]},{"strings":[],"again":[]},"#
            + #"{"strings":["\u2028"],"again":["\u2028"]}]}"#)
    }

    /// `LabelImport`'s String Catalog escaper as it was: JSON's, U+2028/U+2029 left as they are.
    private static func catalogReference(_ value: String) -> String {
        let named: [Unicode.Scalar: String] = ["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"]
        return value.unicodeScalars.map { scalar in
            if let escape = named[scalar] { return escape }
            guard scalar.value < 0x20 else { return String(scalar) }
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }.joined()
    }

    @Test func keepingLineSeparatorsIsTheCatalogLayoutsEscaping() {
        let pieces = ["a", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{8}", "\u{C}", "\u{1F}", "\u{7F}", "/", "\u{2028}",
                      "\u{2029}", "\u{2027}", "€", "😀", "abcdefghij"]
        var random = SeededGenerator(seed: 2028)
        for _ in 0..<2_000 {
            let value = (0..<Int.random(in: 0...10, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            var out: [UInt8] = []
            JSONWriter.appendQuoted(value, lineSeparators: false, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == "\"" + Self.catalogReference(value) + "\"")
        }
    }
}
