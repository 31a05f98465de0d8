import Testing
import LabelCore

@Test func pluralCategoriesAreOrderedAsCLDRListsThem() {
    #expect(PluralCategory.allCases.sorted() == [.zero, .one, .two, .few, .many, .other])
}
