import LabelCore

// The launch bundle's inline attribute markup (docs/speech.md): plain `labels` and
// `plurals`, and for the few keys with markup, the originals and the runs.
extension ResolvedTable {
    /// The entry's template without markup (as written when it has none).
    static func plainTemplate(_ entry: CatalogEntry) -> String {
        guard let tokens = entry.tokens, tokens.hasMarkup else { return entry.string.template }
        return tokens.markup(for: entry.string.template)?.text ?? entry.string.template
    }

    /// The entry's string with every text stripped of its markup.
    static func plainString(_ entry: CatalogEntry) -> LocalizedString {
        guard let tokens = entry.tokens, tokens.hasMarkup else { return entry.string }
        return MarkupText.stripping(entry.string).string
    }

    /// `"markup": {key: {"template"?: original, "plurals"?: {category: original}}}` and
    /// `"runs": {key: [run…]}` (runs over `labels[key]`), for the keys whose template or a
    /// variant has markup; nothing at all when no key has.
    func writeMarkup(into content: inout JSONWriter) {
        let marked = items.filter { $0.entry.tokens?.hasMarkup == true }
        guard !marked.isEmpty else { return }
        content.beginObject("markup")
        for item in marked {
            let string = item.entry.string
            content.beginObject(item.key)
            let template = item.entry.tokens?.markup(for: string.template)
            if template != nil { content.field("template", string.template) }
            if let originals = Self.pluralTemplates(string), originals != Self.pluralTemplates(Self.plainString(item.entry)) {
                content.beginObject("plurals")
                for (category, original) in originals.sorted(by: { $0.key < $1.key }) {
                    content.field(category.rawValue, original)
                }
                content.endObject()
            }
            content.endObject()
        }
        content.endObject()
        content.beginObject("runs")
        for item in marked {
            guard let runs = item.entry.tokens?.markup(for: item.entry.string.template)?.runs, !runs.isEmpty else { continue }
            content.field(item.key, raw: LabelRun.jsonBytes(runs))
        }
        content.endObject()
    }
}
