import Foundation
import Testing

@testable import LabelCore

/// The pseudolocalizer's rules beyond the oracle's strings: Apple's syntax, plurals, aapt's quirks.
@Suite struct PseudolocalizerTests {
    private func accented(_ text: String) -> String { Pseudolocalizer.pseudolocalize(text, as: .accented) }
    private func bidi(_ text: String) -> String { Pseudolocalizer.pseudolocalize(text, as: .bidirectional) }
    private let rlo = "\u{200F}\u{202E}"
    private let pdf = "\u{202C}\u{200F}"

    @Test func accentsBracketsAndExpandsAsTheResearchNotesRecordedFromAapt() {
        #expect(accented("Delete %1$s from your list?") == "[Ðéļéţé »%1$s« ƒŕöḿ ýöûŕ ļîšţ¿ one two three]")
        #expect(accented("Tap to play") == "[Ţåþ ţö þļåý one two]")
        #expect(accented("") == "[]")
        #expect(bidi("") == "")
    }

    @Test func wrapsEveryWordAndPlaceholderRightToLeft() {
        #expect(bidi("Tap to play") == "\(rlo)Tap\(pdf) \(rlo)to\(pdf) \(rlo)play\(pdf)")
        #expect(bidi("%1$s left") == "\(rlo)%1$s\(pdf) \(rlo)left\(pdf)")
    }

    @Test func wrapsAppleSpecifiersAsPlaceholdersWhereAaptWouldReadOn() {
        // aapt alone would read `%@ items` up to the `s` as one placeholder.
        #expect(accented("%@ items") == "[»%@« îţéḿš one two]")
        #expect(accented("%lld of %lld") == "[»%lld« öƒ »%lld« one]")
        #expect(accented("%1$@ and %2$@") == "[»%1$@« åñð »%2$@« one]")
        #expect(accented("%u left") == "[»%u« ļéƒţ one]")
        #expect(accented("100%% sure") == "[100%% šûŕé one two]")
    }

    @Test func copiesStringsdictSubstitutionsAndLeavesAFormatKeyOfOnlySubstitutions() {
        #expect(accented("%#@coins@") == "%#@coins@")
        #expect(bidi("%#@coins@ %#@gems@") == "%#@coins@ %#@gems@")
        #expect(accented("Found %#@coins@") == "[Föûñð %#@coins@ one two]")
        #expect(bidi("Found %#@coins@ today") == "\(rlo)Found\(pdf) %#@coins@ \(rlo)today\(pdf)")
    }

    @Test func pseudolocalizesEachPluralVariantOnItsOwn() {
        let string = LocalizedString(template: "%#@photos@", variables: [
            "photos": PluralVariable(valueType: "d", variants: [.one: "%d photo selected", .other: "%d photos selected"]),
        ])
        let pseudo = string.pseudolocalized(as: .accented)
        #expect(pseudo.template == "%#@photos@")
        #expect(pseudo.variables["photos"]?.valueType == "d")
        #expect(pseudo.variables["photos"]?.variants[.one] == "[»%d« þĥöţö šéļéçţéð one two three]")
        #expect(pseudo.variables["photos"]?.variants[.other] == "[»%d« þĥöţöš šéļéçţéð one two three]")
    }

    @Test func transformsOnlyTheTextInsideInlineMarkup() {
        #expect(accented("^[3 Task](inflect: true) left") == "[^[3 Ţåšķ](inflect: true) ļéƒţ one two]")
        #expect(accented("Visit ^[Mürren](accessibilitySpeechPhoneticNotation: \"ˈmʏrən\")")
            == "[νîšîţ ^[Ḿüŕŕéñ](accessibilitySpeechPhoneticNotation: \"ˈmʏrən\") one two]")
        #expect(bidi("^[Mürren](languageIdentifier: \"de\") now")
            == "^[\(rlo)Mürren\(pdf)](languageIdentifier: \"de\") \(rlo)now\(pdf)")
        // Malformed markup is text, as Foundation reads it.
        #expect(accented("^[open") == "[^[öþéñ one two]")
    }

    @Test func countsUTF16CodeUnitsForTheExpansionAsAaptDoes() {
        // aapt2 counts UTF-8 bytes and adds `four`; Debian's aapt counts UTF-16 units.
        #expect(accented("Ünïcode 😀 text here now") == "[Üñïçöðé 😀 ţéхţ ĥéŕé ñöŵ one two three]")
    }

    @Test func keepsAaptsQuirks() {
        // An apostrophe quotes the next character for ICU; ending on one drops the text.
        #expect(accented("Don't say 'hi'") == "[]")
        #expect(accented("Don't stop") == "[Ðöñ'ţ šţöþ one two]")
        // A `%` with no conversion after it reads on to one; a lone final `%` stays.
        #expect(accented("Fish Food 100% ok") == "[Fîšĥ Fööð 100»% o«ķ one two three]")
        #expect(accented("50%") == "[50% one]")
        // ICU arguments at odd depth are placeholders.
        #expect(accented("Hi {name}") == "[Ĥî »{name}« one]")
        #expect(bidi("Hi {name}") == "\(rlo)Hi\(pdf) \(rlo){name}\(pdf)")
    }

    @Test func repeatsTheExpansionWordsForALongMessage() {
        // Checked with aapt: 60 words of digits, 179 units, more than the words' 123.
        let long = String(repeating: "12 ", count: 60).trimmingCharacters(in: .whitespaces)
        let words = String(decoding: Pseudolocalizer.expansionWords, as: UTF16.self)
        #expect(accented(long) == "[\(long) \(words) one two three four five six seven eight nine ten eleven twelve]")
    }
}
