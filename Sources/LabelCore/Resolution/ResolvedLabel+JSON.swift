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
        out.field("key", key)
        out.field("requested", requested?.rawValue)
        out.field("lang", language?.rawValue)
        out.field("table", table)
        out.field("value", value)
        out.field("source", source)
        if let plural { out.field("plural", plural.rawValue) }
        if let arguments { out.field("arguments", arguments) }
        if let numberLocale { out.field("numberLocale", numberLocale.rawValue) }
        if let chain {
            out.beginArray("chain")
            for language in chain.languages { out.element(language.rawValue) }
            out.endArray()
        }
        out.endObject()
        return out.bytes
    }
}
