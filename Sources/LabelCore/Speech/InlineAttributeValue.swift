/// An attribute value as Apple's markdown writes it: "quoted string", number, true/false.
///
/// A nested object or array (`morphology: {partOfSpeech: "noun"}`, which Foundation's
/// inflection reads on Apple platforms) is carried as `.string` holding its source text
/// exactly as written (`{partOfSpeech: "noun"}`): the three cases stay the contract, and
/// the text is what an Apple-format output would write back.
public enum InlineAttributeValue: Sendable, Hashable {
    case string(String)
    case number(Double)
    case boolean(Bool)
}
