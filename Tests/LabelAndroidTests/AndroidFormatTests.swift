import LabelCore
import Testing
@testable import LabelAndroid

private let english = LanguageTag("en")!

private func android(_ template: String, language: LanguageTag = english) -> AndroidValue? {
    AndroidConverter.convert(LocalizedString(template: template), language: language).value
}

@Test(arguments: [
    ("Hello %@", "Hello %s"),
    ("Hello %1$@", "Hello %1$s"),
    ("%@ and %@", "%1$s and %2$s"),
    ("%2$@ before %1$@", "%2$s before %1$s"),
    ("%d %i %ld %lld %u %lu", "%1$,d %2$,d %3$,d %4$,d %5$,d %6$,d"),
    ("%.2f km", "%,.2f km"),
    ("%f", "%,f"),
    ("%d%% done", "%,d%% done"),
    ("[%5d] [%-5@]", "[%1$,5d] [%2$-5s]"),
    ("%x %X %o", "%1$x %2$X %3$o"),
    ("%c!", "%c!"),
    ("%1$@ %1$@", "%1$s %1$s"),
    ("%@ 100%%", "%s 100%%"),
    ("%@ at 5%y", "%s at 5y"),
    ("%@ %#@nothing@", "%s %%#@nothing@"),
])
func appleSpecifiersBecomeJavaSpecifiers(_ apple: String, _ java: String) {
    #expect(android(apple) == .string(java, formatted: true))
}

/// A value that reads no argument is written as the server returns it fetched with none
/// (as written, as `Bundle`'s lookup does), never as `String(format:)` would print it.
@Test func aValueThatReadsNoArgumentIsWrittenAsWritten() {
    #expect(android("100%%") == .string("100%%", formatted: false))
    #expect(android("just text") == .string("just text", formatted: true))
    #expect(android("a %y b") == .string("a %y b", formatted: false))
    #expect(android("Akku 100%") == .string("Akku 100%", formatted: false))
    #expect(android("%100 kesin") == .string("%100 kesin", formatted: false))
    #expect(android("%#@none@ 5%") == .string("%#@none@ 5%", formatted: false))
}

@Test(arguments: ["%e", "%g", "%a", "%.3d", "%05d", "%#d", "%#x", "%#X", "%#o", "%+ d", "50% off", "%#@"])
func specifiersJavaPrintsDifferentlyAreRefusedWithAReason(_ apple: String) {
    let conversion = AndroidConverter.convert(LocalizedString(template: apple), language: english)
    if apple == "%#@" {
        #expect(conversion.value != nil)  // an unterminated substitution is text
        return
    }
    #expect(conversion.value == nil)
    #expect(conversion.problems.map(\.reason) == [.unsupportedSpecifier])
    #expect(conversion.problems.first?.message.isEmpty == false)
}

@Test func aPlusSignWithADirectionMarkIsRefusedWhereTheLanguageHasOne() throws {
    #expect(android("%+d") == .string("%+,d", formatted: true))
    #expect(android("%+d", language: try #require(LanguageTag("he"))) == nil)
}

/// CoreFoundation's `%D %U %O` are `%d %u %o` (they were written as `D`, `U`, `O` text).
@Test(arguments: [
    ("Hallo %D", "Hallo %,d"),
    ("%D %U %O", "%1$,d %2$,d %3$o"),
    ("%lD of %lU", "%1$,d of %2$,d"),
    ("%2$O %1$D", "%2$o %1$,d"),
])
func coreFoundationUpperCaseConversionsBecomeJavaOnes(_ apple: String, _ java: String) {
    #expect(android(apple) == .string(java, formatted: true))
}

/// What Java cannot express is a refusal with its code, never a different string.
@Test(arguments: ["%*d", "%.*f", "%*.*f", "%1$*2$d", "Hallo %*@", "%p", "%P", "Hallo %D %p"])
func starArgumentsAndPointersAreRefusedAsUnsupported(_ apple: String) {
    let conversion = AndroidConverter.convert(LocalizedString(template: apple), language: english)
    #expect(conversion.value == nil)
    #expect(conversion.problems.map(\.reason) == [.unsupportedSpecifier])
}

/// CF traps on these, reads them by platform, pads past 999 or reads a keyed object.
@Test(arguments: ["Hallo %1000D %@", "Hallo %[x]@ %@", "Hallo %1000$@ %@", "Hallo %*9999d %@",
                  "Hallo %2147483648d %@", "%'d von %@", "%#[key]@"])
func hazardousSpecifiersAreRefusedAsUnsupported(_ apple: String) {
    let conversion = AndroidConverter.convert(LocalizedString(template: apple), language: english)
    #expect(conversion.value == nil)
    #expect(conversion.problems.map(\.reason) == [.unsupportedSpecifier])
}

@Test func aWriteBackSpecifierIsRefusedAsForbidden() {
    for template in ["%n", "Hallo %@ %n"] {
        let conversion = AndroidConverter.convert(LocalizedString(template: template), language: english)
        #expect(conversion.value == nil)
        #expect(conversion.problems.map(\.reason) == [.forbiddenSpecifier])
    }
    let plural = LocalizedString(template: "%#@n@", variables: ["n": PluralVariable(
        valueType: "d", variants: [.one: "%d Datei", .other: "%d Dateien%n"])])
    #expect(AndroidConverter.convert(plural, language: LanguageTag("de")!).problems.map(\.reason).contains(.forbiddenSpecifier))
}
