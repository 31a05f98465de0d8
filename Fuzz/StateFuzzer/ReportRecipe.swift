// Builds a state file from a fuzz input read as a recipe: each byte picks a
// piece (a key, a language, a number from the extremes below), so mutations move between
// well-formed reports whose numbers are hostile, instead of breaking the JSON.

struct ReportRecipe {
    private var bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    static let numbers = [
        "0", "1", "2", "-1", "3", "1000", "9007199254740992", "9007199254740993", "4611686018427387904",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "18446744073709551615", "1e308", "1e309",
        "1.5", "-0", "0.0", "1e3", "null", "\"7\"", "true", "[]", "4503599627370496",
    ]
    static let keys = ["k", "k", "coins.count", "long.key.past.eight", "a b", "", "\\u0000", "x", "%@", "\\ud800"]
    static let languages = ["de", "de", "ar", "en", "x-klingon", "de-u-nu-latn", "", "zz", "sr-Latn", "EN"]
    static let tables = ["Localizable", "Localizable", "Accessibility", "", "../x", "L"]
    static let timestamps = [
        "2025-01-02T03:04:05.000Z", "2025-01-02T03:04:05Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z",
        "2025-13-40T25:61:61Z", "", "1970-01-01T00:00:00Z", "2025-01-02T03:04:05.000+01:00",
    ]
    static let categories = ["zero", "one", "two", "few", "many", "other", "none"]

    private mutating func next() -> UInt8 { bytes.popFirst() ?? 0 }
    private mutating func pick(_ words: [String]) -> String { words[Int(next()) % words.count] }
    private mutating func number() -> String { pick(Self.numbers) }

    /// `{"since","total","entries":[…],"dropped":{…},"limits":{…}}`, each field present or not as the recipe says.
    mutating func build() -> [UInt8] {
        var fields: [String] = []
        let shape = next()
        if shape & 1 == 0 { fields.append(#""since":"\#(pick(Self.timestamps))""#) }
        if shape & 2 != 0 { fields.append(#""total":\#(number())"#) }
        let count = Int(next() % 12)
        fields.append(#""entries":[\#((0..<count).map { _ in entry() }.joined(separator: ","))]"#)
        if shape & 4 == 0 {
            fields.append(#""dropped":{"newEntries":\#(number()),"longKeys":\#(number()),"reported":\#(number())}"#)
        }
        if shape & 8 != 0 { fields.append(#""limits":{"maxEntries":\#(number()),"maxKeyBytes":\#(number())}"#) }
        return Array("{\(fields.joined(separator: ","))}".utf8)
    }

    /// One entry of a report (and of a usage file: `lastRequested` is there too).
    private mutating func entry() -> String {
        var fields = [
            #""key":"\#(pick(Self.keys))""#, #""table":"\#(pick(Self.tables))""#,
            #""requested":"\#(pick(Self.languages))""#, #""servedFrom":"\#(pick(Self.languages))""#,
            #""hits":\#(number())"#, #""firstSeen":"\#(pick(Self.timestamps))""#,
            #""lastSeen":"\#(pick(Self.timestamps))""#, #""lastRequested":"\#(pick(Self.timestamps))""#,
        ]
        if next() & 1 != 0 { fields += [#""variable":"n""#, #""category":"\#(pick(Self.categories))""#] }
        return "{\(fields.joined(separator: ","))}"
    }
}
