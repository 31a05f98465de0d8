import Testing
@testable import LabelCore

/// ``XMLByteCursor``, the scans both XML readers make.
@Suite struct XMLByteCursorTests {
    private static func withCursor<R>(_ text: String, _ body: (inout XMLByteCursor) -> R) -> R {
        Array(text.utf8).withUnsafeBytes { buffer in
            var cursor = XMLByteCursor(buffer)
            return body(&cursor)
        }
    }

    @Test func skipsAByteOrderMarkOnlyAtTheStart() {
        #expect(Self.withCursor("\u{FEFF}<a/>") { cursor in cursor.skipByteOrderMark() && cursor.index == 3 })
        #expect(Self.withCursor("<a/>") { cursor in !cursor.skipByteOrderMark() && cursor.index == 0 })
    }

    @Test func findsWithinALimitOrToTheEnd() {
        Self.withCursor("ab-->cd-->") { cursor in
            #expect(cursor.find("-->", from: 0) == 2)
            #expect(cursor.find("-->", from: 3) == 7)
            #expect(cursor.find("-->", from: 3, limit: 3) == nil)
            #expect(cursor.find("-->", from: 3, limit: 4) == 7)
            #expect(cursor.find("x", from: 0) == nil)
        }
    }

    @Test func skipsCommentsAndSpace() {
        Self.withCursor("<!-- a -->  \t\n<b>") { cursor in
            #expect(cursor.at("<!--") && cursor.skipComment())
            #expect(cursor.skipSpace() && cursor.at("<b>"))
            let movedAgain = cursor.skipSpace()
            #expect(!movedAgain)
        }
        #expect(Self.withCursor("<!-- open") { cursor in !cursor.skipComment() && cursor.index == 0 })
    }

    @Test func skipsADoctypeWithoutAnInternalSubset() {
        #expect(Self.withCursor(#"<!DOCTYPE plist PUBLIC "x" "y"><p>"#) { cursor in cursor.skipDoctype() == .skipped && cursor.at("<p>") })
        #expect(Self.withCursor("<!DOCTYPE p [<!ENTITY x 'y'>]>") { cursor in cursor.skipDoctype() == .internalSubset && cursor.at("[") })
        #expect(Self.withCursor("<!DOCTYPE p") { cursor in cursor.skipDoctype() == .unterminated })
    }

    @Test func findsAReferencesNameWithinTheLongestReference() {
        Self.withCursor("&amp;&#x10FFFF;&#11141111111;&nosemicolon") { cursor in
            #expect(cursor.reference()! == ("amp", 4))
            cursor.index = 5
            #expect(cursor.reference()! == ("#x10FFFF", 14))
            cursor.index = 15
            #expect(cursor.reference() == nil)   // 13 bytes to its ';'
            cursor.index = 29
            #expect(cursor.reference() == nil)
        }
    }
}
