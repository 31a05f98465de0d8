@testable import LabelTranslators
import Testing

@Suite struct HTMLWriterTests {
    @Test func theWriterEscapesAttributesAndTextAndRevealsControls() {
        var html = HTMLWriter()
        html.open("a", ["href": TranslatorPage.href("/missing", [("q", "\"><script>x</script>"), ("lang", "javascript:alert(1)")])])
        html.data("a\u{202E}b\u{0}c<")
        html.close("a")
        let text = String(decoding: html.bytes, as: UTF8.self)
        #expect(text == #"<a href="/missing?q=%22%3E%3Cscript%3Ex%3C%2Fscript%3E&amp;lang=javascript%3Aalert%281%29">a⟨U+202E⟩b⟨U+0000⟩c&lt;</a>"#)
    }
}
