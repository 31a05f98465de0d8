import Foundation
import LabelCore

/// The body of `GET /labels` as the client reads it: `labels` for the
/// templates, `entries` for where each came from and its plural variables,
/// `development` for the end of the chain (see openapi.yaml, `LabelBundle`).
struct LabelBundleDocument: Decodable, Sendable {
    var lang: String
    var table: String
    var etag: String
    var labels: [String: String]
    var development: String?
    var entries: [String: Entry]

    struct Entry: Decodable, Sendable {
        var source: String
        var lang: String
        var variables: [String: Variable]?
    }

    struct Variable: Decodable, Sendable {
        var type: String?
        var arg: Int?
        var variants: [String: String]
    }

    /// Decodes a body; a server too old to send `entries` is refused here,
    /// because without them the client could not render as the server does.
    static func decode(_ data: Data) throws(LabelClientError) -> LabelBundleDocument {
        do {
            return try JSONDecoder().decode(LabelBundleDocument.self, from: data)
        } catch {
            throw .malformedBundle(String(describing: error).prefix(200).description)
        }
    }

    /// The catalog the resolver needs: each key's winning entry, in its own
    /// language and bundle, so a lookup through the chain finds exactly what
    /// the server found and reports a missing hit exactly when it does.
    func catalog() throws(LabelClientError) -> Catalog {
        struct LayerKey: Hashable { var bundle: String; var language: LanguageTag }
        var layers: [LayerKey: CatalogLayer] = [:]
        guard let table = TableName.isValid(table) ? table : nil else { throw .malformedBundle("bad table name") }
        for (key, entry) in entries {
            guard let template = labels[key] else { throw .malformedBundle("entry \(key) has no label") }
            guard let language = LanguageTag(entry.lang) else { throw .malformedBundle("entry \(key): bad lang") }
            guard let slash = entry.source.lastIndex(of: "/") else { throw .malformedBundle("entry \(key): bad source") }
            let bundle = String(entry.source[..<slash])
            let folder = String(entry.source[entry.source.index(after: slash)...])
            var variables: [String: PluralVariable] = [:]
            for (name, variable) in entry.variables ?? [:] {
                var variants: [PluralCategory: String] = [:]
                for (category, text) in variable.variants {
                    guard let category = PluralCategory(rawValue: category) else {
                        throw .malformedBundle("entry \(key): unknown plural category \(category)")
                    }
                    variants[category] = text
                }
                variables[name] = PluralVariable(valueType: variable.type, argumentNumber: variable.arg, variants: variants)
            }
            let catalogEntry = CatalogEntry(string: LocalizedString(template: template, variables: variables),
                                            bundle: bundle, language: language, folder: folder, location: nil)
            layers[LayerKey(bundle: bundle, language: language), default: CatalogLayer(bundle: bundle, language: language, table: table)]
                .entries[key] = catalogEntry
        }
        let development: LanguageTag?
        if let text = self.development {
            guard let tag = LanguageTag(text) else { throw .malformedBundle("bad development language") }
            development = tag
        } else {
            development = nil
        }
        return Catalog(bundles: Set(layers.keys.map(\.bundle)).sorted(), developmentLanguage: development,
                       layers: Array(layers.values))
    }
}
