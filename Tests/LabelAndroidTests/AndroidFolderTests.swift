import LabelCore
import Testing
@testable import LabelAndroid

@Test(arguments: [
    ("en", "values"), ("de", "values-de"), ("de-AT", "values-de-rAT"), ("zh-TW", "values-zh-rTW"),
    ("zh-Hant", "values-b+zh+Hant"), ("zh-Hant-TW", "values-b+zh+Hant+TW"), ("sr-Latn", "values-b+sr+Latn"),
    ("es-419", "values-b+es+419"), ("he", "values-iw"), ("he-IL", "values-iw-rIL"), ("id", "values-in"),
    ("yi", "values-ji"), ("fil", "values-fil"), ("pt_BR", "values-pt-rBR"),
])
func languageTagsBecomeAndroidQualifiers(_ tag: String, _ folder: String) throws {
    let language = try #require(LanguageTag(tag))
    #expect(AndroidFolder.name(for: language, development: LanguageTag("en")) == folder)
}

@Test func tagsAndroidCannotNameHaveNoFolder() throws {
    #expect(AndroidFolder.qualifier(for: try #require(LanguageTag("de-u-co-phonebk"))) == nil)
    #expect(AndroidFolder.qualifier(for: try #require(LanguageTag("x-private"))) == nil)
}
