extension StoreLoader {
    /// Adds the pseudo-locales' layers (``PseudoLocale``): for every development-language
    /// layer, an `en-XA` and an `ar-XB` layer of the same bundle and table whose entries are
    /// its entries pseudolocalized. A key the store already has in that language (an
    /// explicit `en-XA.lproj`) keeps its own value, as Android keeps a `values-en-rXA` value.
    /// - Returns: the languages added.
    static func addPseudoLayers(_ layers: inout [LayerKey: CatalogLayer], development: LanguageTag) -> Set<LanguageTag> {
        var added: Set<LanguageTag> = []
        let sources = layers.filter { $0.key.language == development }.sorted { $0.key < $1.key }
        for locale in PseudoLocale.allCases where locale.tag != development {
            for (key, layer) in sources {
                let target = LayerKey(bundle: key.bundle, table: key.table, language: locale.tag)
                var pseudo = layers[target] ?? CatalogLayer(bundle: key.bundle, language: locale.tag, table: key.table)
                let origin = CatalogEntry.Origin(bundle: key.bundle, language: locale.tag, folder: locale.rawValue, file: nil)
                for (name, entry) in layer.entries where pseudo.entries[name] == nil {
                    pseudo.entries[name] = CatalogEntry(string: entry.string.pseudolocalized(as: locale), origin: origin, location: nil)
                }
                layers[target] = pseudo
                added.insert(locale.tag)
            }
        }
        return added
    }
}
