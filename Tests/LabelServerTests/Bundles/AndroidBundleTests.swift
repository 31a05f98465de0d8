import Testing
@testable import LabelCore
@testable import LabelServer

/// `GET /labels?format=android`: the resolved table as strings.xml, named as the export names it.
@Suite struct AndroidBundleTests {
    @Test func theAndroidFormatIsTheResolvedTableAsStringsXML() throws {
        let state = try LazyBundleTests.freshHolder().state
        let russian = try #require(LanguageTag("ru"))
        let slot = try #require(state.bundles.slot(table: "Localizable", chain: state.resolver.chain(preferred: [russian])))
        let xml = String(decoding: slot.body(.android, gzip: false).identity, as: UTF8.self)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!--\n  Localizable for ru"))
        #expect(xml.contains("<resources>") && xml.hasSuffix("</resources>\n"))
        #expect(xml.contains("<plurals name=\"items_count\">"))
        #expect(xml.contains("<item quantity=\"few\">"))
        // What Android cannot say is in the leading comment, not silently dropped.
        #expect(xml.contains("[two-plural-variables] reward.youtube"))
        #expect(slot.readyBody(.json, gzip: false) == nil)
    }
}
