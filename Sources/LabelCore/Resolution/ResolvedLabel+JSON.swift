extension ResolvedLabel {
    /// `{key, requested, lang, table, value, runs?, source, plural?, arguments?, numberLocale?, chain?}` in
    /// that order; `runs` only when there are some (docs/speech.md).
    public var json: String { String(decoding: jsonBytes, as: UTF8.self) }

    /// The JSON as UTF-8, what the server sends.
    public var jsonBytes: [UInt8] { jsonBytes(chain: nil) }

    /// The JSON with the languages the lookup tried appended as `chain`
    /// (`GET /labels/{key}` and `resolve --json` show how the value was found).
    public func json(chain: LanguageChain) -> String {
        String(decoding: jsonBytes(chain: chain), as: UTF8.self)
    }

    public func jsonBytes(chain: LanguageChain?) -> [UInt8] {
        // Built on every label request, so written by ``BoundedJSONWriter`` into memory
        // allocated once at an upper bound of the size (see its documentation for the figure).
        var bound = Self.jsonFixedBound + BoundedJSONWriter.quotedBound(key)
            + BoundedJSONWriter.quotedBound(table) + BoundedJSONWriter.quotedBound(value)
            + BoundedJSONWriter.quotedBound(source)
        bound += Self.quotedBound(requested) + Self.quotedBound(language) + Self.quotedBound(numberLocale)
        if !runs.isEmpty { bound += BoundedJSONWriter.runsBound(runs) }
        if let chain {
            for language in chain.languages { bound += BoundedJSONWriter.quotedBound(language.rawValue) + 1 }
        }
        let bytes = BoundedJSONWriter.bytes(bound: bound) { writeJSON(chain: chain, to: &$0) }
        // A long value makes the bound (6 bytes per byte) wasteful to keep: an exact copy is kept instead.
        return bound <= Self.jsonBoundLimit ? bytes : Array(bytes)
    }

    /// A tag's bound, or `null`'s four bytes.
    private static func quotedBound(_ tag: LanguageTag?) -> Int {
        tag.map { BoundedJSONWriter.quotedBound($0.rawValue) } ?? 4
    }

    /// Room for the names, punctuation, `plural` and `arguments` of ``jsonBytes(chain:)``.
    private static let jsonFixedBound = 256
    /// Bodies whose bound is larger are copied to an array of their own size.
    private static let jsonBoundLimit = 4096

    private func writeJSON(chain: LanguageChain?, to out: inout BoundedJSONWriter) {
        out.beginObject()
        out.field(literal: "key", key)
        out.field(literal: "requested", requested?.rawValue)
        out.field(literal: "lang", language?.rawValue)
        out.field(literal: "table", table)
        out.field(literal: "value", value)
        if !runs.isEmpty { out.field(literal: "runs", runs: runs) }
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
    }
}
