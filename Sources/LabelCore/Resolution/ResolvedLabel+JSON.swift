extension ResolvedLabel {
    /// `{key, requested, lang, table, value, source, plural?, arguments?, numberLocale?, chain?}` in that order.
    public var json: String { String(decoding: jsonBytes, as: UTF8.self) }

    /// The JSON as UTF-8, what the server sends.
    public var jsonBytes: [UInt8] { jsonBytes(chain: nil) }

    /// The JSON with the languages the lookup tried appended as `chain`
    /// (`GET /labels/{key}` and `resolve --json` show how the value was found).
    public func json(chain: LanguageChain) -> String {
        String(decoding: jsonBytes(chain: chain), as: UTF8.self)
    }

    public func jsonBytes(chain: LanguageChain?) -> [UInt8] {
        var out = JSONWriter()
        out.beginObject()
        out.field(literal: "key", key)
        out.field(literal: "requested", requested?.rawValue)
        out.field(literal: "lang", language?.rawValue)
        out.field(literal: "table", table)
        out.field(literal: "value", value)
        out.field(literal: "source", source)
        if let plural { out.field(literal: "plural", plural.rawValue) }
        if let arguments { out.field(literal: "arguments", arguments) }
        if let numberLocale { out.field(literal: "numberLocale", numberLocale.rawValue) }
        if let chain {
            out.beginArray(literal: "chain")
            for language in chain.languages { out.element(language.rawValue) }
            out.endArray()
        }
        out.endObject()
        return out.bytes
    }
}
