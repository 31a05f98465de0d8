public import Foundation
import LabelCore
#if canImport(Accessibility)
import Accessibility
#endif

extension LabelSet {
    /// The label as an `AttributedString` with every run applied: the text of
    /// ``rendering(_:count:arguments:)``, `languageIdentifier` on each run that has one
    /// (an argument given with a language gets one), and on Apple platforms the
    /// Accessibility scope's speech attributes and Foundation's inflection
    /// (``SpeechAttributes``). For `Text(_:)` in SwiftUI, `accessibilityLabel(Text(…))`,
    /// or `NSAttributedString(…)` on Apple platforms.
    public func attributedString(_ key: String, count: Double? = nil, arguments: [LabelArgument] = []) -> AttributedString {
        SpeechAttributes.attributedString(rendering(key, count: count, arguments: arguments))
    }
}

/// Runs to attributes. Linux (swift-foundation) has `languageIdentifier` only, and that
/// part is tested here; the Apple parts compile only where their frameworks exist and
/// have not been built or run here (docs/client.md, "Speech").
enum SpeechAttributes {
    static func attributedString(_ rendering: LabelRendering) -> AttributedString {
        var string = AttributedString(rendering.text)
        var inflects = false
        for run in rendering.runs {
            guard let range = range(of: run, in: string, text: rendering.text) else { continue }
            for attribute in run.attributes {
                apply(attribute, to: &string, range)
                if attribute.name == "inflect", attribute.value == .boolean(true) { inflects = true }
            }
        }
        #if canImport(Darwin)
        // Foundation agrees the marked words with their numbers, as `AttributedString(localized:)` does.
        if inflects { string = string.inflected() }
        #else
        _ = inflects
        #endif
        return string
    }

    /// The run's range in `string`, from UTF-16 offsets into `text` (its characters);
    /// `nil` for offsets outside the text or inside a character beyond U+FFFF.
    static func range(of run: LabelRun, in string: AttributedString, text: String) -> Range<AttributedString.Index>? {
        let utf16 = text.utf16
        guard run.start >= 0, run.length > 0, run.end <= utf16.count else { return nil }
        let start = utf16.index(utf16.startIndex, offsetBy: run.start)
        let end = utf16.index(start, offsetBy: run.length)
        guard start.samePosition(in: text.unicodeScalars) != nil, end.samePosition(in: text.unicodeScalars) != nil
        else { return nil }
        let from = string.utf16.index(string.startIndex, offsetBy: run.start)
        return from..<string.utf16.index(from, offsetBy: run.length)
    }

    static func apply(_ attribute: LabelRun.Attribute, to string: inout AttributedString, _ range: Range<AttributedString.Index>) {
        switch (attribute.name, attribute.value) {
        case ("languageIdentifier", .string(let tag)):
            string[range].languageIdentifier = tag
        default:
            applyApple(attribute, to: &string, range)
        }
    }

    #if canImport(Accessibility)
    /// Not built or run here: the Accessibility scope's names and value types as Apple
    /// documents them (Foundation/AttributeScopes/AccessibilityAttributes).
    static func applyApple(_ attribute: LabelRun.Attribute, to string: inout AttributedString,
                           _ range: Range<AttributedString.Index>) {
        switch (attribute.name, attribute.value) {
        case ("accessibilitySpeechPhoneticNotation", .string(let ipa)):
            string[range].accessibilitySpeechPhoneticNotation = ipa
        case ("accessibilitySpeechSpellsOutCharacters", .boolean(let flag)):
            string[range].accessibilitySpeechSpellsOutCharacters = flag
        case ("accessibilitySpeechIncludesPunctuation", .boolean(let flag)):
            string[range].accessibilitySpeechIncludesPunctuation = flag
        case ("accessibilitySpeechAdjustedPitch", .number(let pitch)):
            string[range].accessibilitySpeechAdjustedPitch = pitch
        case ("accessibilityHeadingLevel", .number(let level)):
            let levels: [AttributeScopes.AccessibilityAttributes.HeadingLevelAttribute.HeadingLevel] = [.h1, .h2, .h3, .h4, .h5, .h6]
            if level >= 1, level <= 6, level == level.rounded() { string[range].accessibilityHeadingLevel = levels[Int(level) - 1] }
        case ("accessibilityTextCustom", .string(let custom)):
            string[range].accessibilityTextCustom = [custom]
        case ("inflect", .boolean(true)):
            string[range].inflect = InflectionRule.automatic
        default:
            break
        }
    }
    #else
    /// Linux: no Accessibility scope and no inflection in swift-foundation; the runs
    /// stay available through ``LabelSet/rendering(_:count:arguments:)``.
    static func applyApple(_ attribute: LabelRun.Attribute, to string: inout AttributedString,
                           _ range: Range<AttributedString.Index>) {}
    #endif
}
