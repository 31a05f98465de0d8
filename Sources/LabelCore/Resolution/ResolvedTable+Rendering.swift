import Foundation

extension ResolvedTable {
    /// `{lang, table, etag, labels:{key:value}, plurals:{key:{category:template}}}`.
    ///
    /// `labels` holds every key: a plural key's value is its format template
    /// (`%#@coins@`); `plurals` adds the per-category templates. `etag` is the
    /// fingerprint of everything else in the body, so it is stable across
    /// reloads of unchanged strings.
    public func json() -> (body: [UInt8], etag: String) {
        var content = JSONWriter(capacity: items.count * 64 + 64)
        content.beginObject("labels")
        for item in items { content.field(item.key, item.entry.string.template) }
        content.endObject()
        content.beginObject("plurals")
        for item in items where item.entry.string.isPlural {
            guard let templates = Self.pluralTemplates(item.entry.string) else { continue }
            content.beginObject(item.key)
            for (category, template) in templates.sorted(by: { $0.key < $1.key }) {
                content.field(category.rawValue, template)
            }
            content.endObject()
        }
        content.endObject()
        let header = Array("\(language)\u{0}\(table)\u{0}".utf8)
        let etag = ContentHash.hex(ContentHash.fnv1a64(content.bytes, seed: ContentHash.fnv1a64(header)))
        var out = JSONWriter(capacity: content.bytes.count + 128)
        out.beginObject()
        out.field("lang", language.rawValue)
        out.field("table", table)
        out.field("etag", etag)
        var bytes = out.bytes
        bytes.append(UInt8(ascii: ","))
        bytes += content.bytes
        bytes.append(UInt8(ascii: "}"))
        return (bytes, etag)
    }

    /// An Apple `.strings` file (UTF-8) of the table's non-plural labels,
    /// which a client can drop into a bundle; plural keys need a
    /// `.stringsdict` and are listed in the header comment instead.
    public func strings() -> [UInt8] {
        var out = "/* \(table).strings for \(language), resolved by label-server through \(languages.map(\.rawValue).joined(separator: ", ")). */\n"
        let plural = items.filter { $0.entry.string.isPlural }.map(\.key)
        if !plural.isEmpty {
            out += "/* Plural keys, served as JSON (GET /labels): \(StringsFileWriter.commentSafe(plural.joined(separator: ", "))) */\n"
        }
        for item in items where !item.entry.string.isPlural {
            out += "\n/* \(StringsFileWriter.commentSafe(item.entry.source)) */\n\(StringsFileWriter.quoted(item.key)) = \(StringsFileWriter.quoted(item.entry.string.template));\n"
        }
        return Array(out.utf8)
    }

}
