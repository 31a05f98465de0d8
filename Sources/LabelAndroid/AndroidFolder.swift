import LabelCore

/// The `res/values*` folder a language's strings go in, as Android's resource
/// qualifiers spell its tag.
///
/// - the development language: `values` (the default every key needs);
/// - language, or language and a two-letter region: `values-de`, `values-de-rAT`,
///   `values-zh-rTW`;
/// - a script, a numeric region or variants: the BCP 47 form, `values-b+sr+Latn`,
///   `values-b+zh+Hant+TW`, `values-b+es+419`;
/// - Hebrew, Indonesian and Yiddish under the legacy codes Android's resource
///   matching has always used for them: `iw`, `in`, `ji` (`values-iw-rIL`).
enum AndroidFolder {
    /// The folder for `language`; `nil` when Android has no qualifier for the tag
    /// (an extension `-u-…`, private use `-x-…`, a grandfathered tag).
    static func name(for language: LanguageTag, development: LanguageTag?) -> String? {
        if language == development { return "values" }
        return qualifier(for: language).map { "values-" + $0 }
    }

    /// The qualifier alone (`de-rAT`, `b+sr+Latn`).
    static func qualifier(for language: LanguageTag) -> String? {
        let parts = language.rawValue.split(separator: "-").map(String.init)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(\.isLetter) else { return nil }
        let code = legacy[first.lowercased()] ?? first.lowercased()
        var script: String?
        var region: String?
        var variants: [String] = []
        for part in parts.dropFirst() {
            if part.count == 1 { return nil }  // an extension or private use
            if script == nil, region == nil, variants.isEmpty, part.count == 4, part.allSatisfy(\.isLetter) {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if region == nil, variants.isEmpty,
                      (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber)) {
                region = part.uppercased()
            } else if (5...8).contains(part.count) || (part.count == 4 && part.first?.isNumber == true) {
                variants.append(part.lowercased())
            } else {
                return nil
            }
        }
        if script == nil, variants.isEmpty, region.map({ $0.first?.isLetter == true }) ?? true {
            return region.map { "\(code)-r\($0)" } ?? code
        }
        return (["b", code] + [script, region].compactMap { $0 } + variants).joined(separator: "+")
    }

    private static let legacy = ["he": "iw", "id": "in", "yi": "ji"]
}
