import Foundation
import LabelCore

// The bodies of `GET /labels` (built once per catalog, on first request, by `BundleSlot`): HTTP
// rendering, so it lives with the server, not in the engine apps embed.
extension ResolvedTable {
    /// `{lang, table, etag, labels:{key:value}, plurals:{key:{category:template}},
    /// markup?, runs?, development, entries:{key:{source, lang, variables?}}}`.
    ///
    /// `labels` holds every key: a plural key's value is its format template
    /// (`%#@coins@`); `plurals` adds the per-category templates. `development`
    /// and `entries` carry what a client needs to render offline exactly as
    /// `GET /labels/{key}` does (see `writeEntries`). `etag` is the
    /// fingerprint of everything else in the body, so it is stable across
    /// reloads of unchanged strings.
    ///
    /// `labels` and `plurals` never hold inline attribute markup; `markup` and `runs`
    /// (``writeMarkup(into:)``) are there only when some key has markup, so a table
    /// without any has the body and ETag it always had.
    package func json() -> (body: [UInt8], etag: String) {
        var content = JSONWriter(capacity: items.count * 64 + 64)
        content.beginObject("labels")
        for item in items { content.field(item.key, Self.plainTemplate(item.entry)) }
        content.endObject()
        content.beginObject("plurals")
        for item in items where item.entry.string.isPlural {
            guard let templates = Self.pluralTemplates(Self.plainString(item.entry)) else { continue }
            content.beginObject(item.key)
            for (category, template) in templates.sorted(by: { $0.key < $1.key }) {
                content.field(category.rawValue, template)
            }
            content.endObject()
        }
        content.endObject()
        writeMarkup(into: &content)
        writeEntries(into: &content)
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

    /// `"development": tag|null, "entries": {key: {source, lang, variables?}}`:
    /// per key where the winning value came from (its language picks the plural
    /// rules, and decides whether a lookup is a missing hit) and every plural
    /// variable whole (value type, argument number, each category's text), so
    /// strings with several variables or nested substitutions render on the
    /// client with the same formatter. The template is `labels[key]`.
    private func writeEntries(into content: inout JSONWriter) {
        content.field("development", developmentLanguage?.rawValue)
        content.beginObject("entries")
        for item in items {
            let entry = item.entry
            content.beginObject(item.key)
            content.field("source", entry.source)
            content.field("lang", entry.language.rawValue)
            if entry.string.isPlural {
                content.beginObject("variables")
                for (name, variable) in entry.string.variables.sorted(by: { $0.key < $1.key }) {
                    content.beginObject(name)
                    if let valueType = variable.valueType { content.field("type", valueType) }
                    if let argument = variable.argumentNumber { content.field("arg", argument) }
                    content.beginObject("variants")
                    for (category, text) in variable.variants.sorted(by: { $0.key < $1.key }) {
                        content.field(category.rawValue, text)
                    }
                    content.endObject()
                    content.endObject()
                }
                content.endObject()
            }
            content.endObject()
        }
        content.endObject()
    }

    /// An Apple `.strings` file (UTF-8) of the table's non-plural labels,
    /// which a client can drop into a bundle; plural keys need a
    /// `.stringsdict` and are listed in the header comment instead.
    package func strings() -> [UInt8] {
        var out = "/* \(table).strings for \(language), resolved by label-server through \(languages.map(\.rawValue).joined(separator: ", ")). */\n"
        let plural = items.filter { $0.entry.string.isPlural }.map(\.key)
        if !plural.isEmpty {
            out += "/* Plural keys, served as .stringsdict (GET /labels?format=stringsdict): \(StringsFileWriter.commentSafe(plural.joined(separator: ", "))) */\n"
        }
        for item in items where !item.entry.string.isPlural {
            out += "\n/* \(StringsFileWriter.commentSafe(item.entry.source)) */\n\(StringsFileWriter.quoted(item.key)) = \(StringsFileWriter.quoted(item.entry.string.template));\n"
        }
        return Array(out.utf8)
    }

    /// An Apple `.stringsdict` of the table's plural labels, the companion of
    /// ``strings()``: together they are the table as a bundle's `.lproj` holds it.
    package func stringsdict() -> [UInt8] {
        let plural = items.filter { $0.entry.string.isPlural }.map { (key: $0.key, string: $0.entry.string) }
        return Array(StringsDictFileWriter.document(plural).utf8)
    }
}
