import Foundation
import Testing
import LabelCore

@Suite struct JSONWriterTests {
    @Test func stringsAreEscapedAsRFC8259RequiresAndParseBack() throws {
        let tricky = "quote \" backslash \\ newline \n tab \t cr \r nul \u{0} bell \u{7} ä „x“ 🐞 \u{2028}\u{2029} end"
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("value", tricky)
        writer.field("n", 42)
        writer.field("none", nil)
        writer.endObject()
        #expect(writer.text.contains(#"\u0000"#))
        #expect(writer.text.contains(#"\u2028"#))
        let object = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any]
        #expect(object?["value"] as? String == tricky)
        #expect(object?["n"] as? Int == 42)
        #expect(object?["none"] is NSNull)
    }

    @Test func fieldsKeepTheirOrder() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("b", "1")
        writer.field("a", "2")
        writer.endObject()
        #expect(writer.text == #"{"b":"1","a":"2"}"#)
    }

    @Test func arraysOfStringsAreEscapedLikeFields() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("a", "1")
        writer.beginArray("chain")
        writer.element("de")
        writer.element("x\"y")
        writer.endArray()
        writer.beginArray("empty")
        writer.endArray()
        writer.endObject()
        #expect(writer.text == #"{"a":"1","chain":["de","x\"y"],"empty":[]}"#)
    }

    @Test func literalKeysWriteTheSameBytesAsStringKeys() {
        var byString = JSONWriter()
        var byLiteral = JSONWriter()
        byString.beginObject()
        byLiteral.beginObject()
        byString.field("key", "a\u{2028}")
        byLiteral.field(literal: "key", "a\u{2028}")
        byString.field("none", nil)
        byLiteral.field(literal: "none", nil)
        byString.field("n", 3)
        byLiteral.field(literal: "n", 3)
        byString.beginArray("chain")
        byLiteral.beginArray(literal: "chain")
        byString.element("de")
        byLiteral.element("de")
        byString.endArray()
        byLiteral.endArray()
        byString.endObject()
        byLiteral.endObject()
        #expect(byLiteral.text == byString.text)
        #expect(byLiteral.text == #"{"key":"a\u2028","none":null,"n":3,"chain":["de"]}"#)
    }
}
