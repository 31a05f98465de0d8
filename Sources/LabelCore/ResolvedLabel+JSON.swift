extension ResolvedLabel {
    /// `{key, requested, lang, table, value, source, plural?, arguments?, numberLocale?}` in that order.
    public var json: String { String(decoding: jsonBytes, as: UTF8.self) }

    /// The JSON as UTF-8, what the server sends.
    public var jsonBytes: [UInt8] {
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
        out.endObject()
        return out.bytes
    }
}
