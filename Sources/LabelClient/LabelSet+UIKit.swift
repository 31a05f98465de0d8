#if canImport(UIKit)
public import Foundation
import LabelCore
import UIKit

extension LabelSet {
    /// The label for `accessibilityAttributedLabel` (and `…Hint`, `…Value`): an
    /// `NSAttributedString` of ``rendering(_:count:arguments:)``'s text with UIKit's speech
    /// keys over each run (its UTF-16 offsets are `NSRange`s as they are):
    /// `languageIdentifier` → `.accessibilitySpeechLanguage`,
    /// `accessibilitySpeechPhoneticNotation` → `.accessibilitySpeechIPANotation`,
    /// `accessibilitySpeechSpellsOutCharacters` → `.accessibilitySpeechSpellOut`,
    /// `accessibilitySpeechIncludesPunctuation` → `.accessibilitySpeechPunctuation`,
    /// `accessibilitySpeechAdjustedPitch` → `.accessibilitySpeechPitch`,
    /// `accessibilityHeadingLevel` → `.accessibilityTextHeadingLevel`,
    /// `accessibilityTextCustom` → `.accessibilityTextCustom`.
    /// Not built or run here (no UIKit on Linux): docs/client.md, "Speech".
    public func accessibilityAttributedLabel(_ key: String, count: Double? = nil,
                                             arguments: [LabelArgument] = []) -> NSAttributedString {
        let rendering = rendering(key, count: count, arguments: arguments)
        let string = NSMutableAttributedString(string: rendering.text)
        let length = (rendering.text as NSString).length
        for run in rendering.runs where run.start >= 0 && run.length > 0 && run.end <= length {
            let range = NSRange(location: run.start, length: run.length)
            for attribute in run.attributes {
                guard let pair = Self.uikitAttribute(attribute) else { continue }
                string.addAttribute(pair.key, value: pair.value, range: range)
            }
        }
        return string
    }

    private static func uikitAttribute(_ attribute: LabelRun.Attribute) -> (key: NSAttributedString.Key, value: Any)? {
        typealias Key = NSAttributedString.Key
        switch (attribute.name, attribute.value) {
        case ("languageIdentifier", .string(let tag)):
            return (Key.accessibilitySpeechLanguage, tag)
        case ("accessibilitySpeechPhoneticNotation", .string(let ipa)):
            return (Key.accessibilitySpeechIPANotation, ipa)
        case ("accessibilitySpeechSpellsOutCharacters", .boolean(let flag)):
            return (Key.accessibilitySpeechSpellOut, NSNumber(value: flag))
        case ("accessibilitySpeechIncludesPunctuation", .boolean(let flag)):
            return (Key.accessibilitySpeechPunctuation, NSNumber(value: flag))
        case ("accessibilitySpeechAdjustedPitch", .number(let pitch)):
            return (Key.accessibilitySpeechPitch, NSNumber(value: pitch))
        case ("accessibilityHeadingLevel", .number(let level)) where level.isFinite && (0...6).contains(level):
            return (Key.accessibilityTextHeadingLevel, NSNumber(value: Int(level)))
        case ("accessibilityTextCustom", .string(let custom)):
            return (Key.accessibilityTextCustom, [custom])
        default:
            return nil
        }
    }
}
#endif
