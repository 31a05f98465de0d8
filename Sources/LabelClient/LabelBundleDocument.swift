import Foundation
import LabelCore

/// The body of `GET /labels` as the client reads it: `labels` for the
/// templates, `entries` for where each came from and its plural variables,
/// `development` for the end of the chain (see openapi.yaml, `LabelBundle`).
struct LabelBundleDocument: Sendable {
    var lang: String
    var table: String
    var etag: String
    var labels: [String: String]
    var development: String?
    var entries: [String: Entry]

    struct Entry: Sendable {
        var source: String
        var lang: String
        var variables: [String: Variable]?
    }

    struct Variable: Sendable {
        var type: String?
        var arg: Int?
        var variants: [String: String]
    }

    /// Decodes a body; a server too old to send `entries` is refused here,
    /// because without them the client could not render as the server does.
    ///
    /// `JSONSerialization` rather than `JSONDecoder`: on Linux it reads a
    /// 10,000-key bundle several times faster, and launch time is the point.
    static func decode(_ data: Data) throws(LabelClientError) -> LabelBundleDocument {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .malformedBundle(.notJSON(String(String(describing: error).prefix(160))))
        }
        guard let root = object as? [String: Any],
              let lang = root["lang"] as? String, let table = root["table"] as? String,
              let etag = root["etag"] as? String, var labels = root["labels"] as? [String: String]
        else { throw .malformedBundle(.fieldsMissing) }
        try originalTemplates(root["markup"], into: &labels)
        guard let rawEntries = root["entries"] as? [String: Any], root.keys.contains("development") else {
            throw .malformedBundle(.noEntries)
        }
        let development: String?
        switch root["development"] {
        case let text as String: development = text
        case is NSNull: development = nil
        default: throw .malformedBundle(.developmentNotAString)
        }
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(rawEntries.count)
        for (key, value) in rawEntries {
            guard let fields = value as? [String: Any], let source = fields["source"] as? String,
                  let entryLanguage = fields["lang"] as? String
            else { throw .malformedBundle(.entryFieldsMissing(key: String(key.prefix(80)))) }
            var variables: [String: Variable]?
            if let rawVariables = fields["variables"] {
                guard let rawVariables = rawVariables as? [String: Any] else {
                    throw .malformedBundle(.variablesNotAnObject(key: String(key.prefix(80))))
                }
                var decoded: [String: Variable] = [:]
                for (name, rawVariable) in rawVariables {
                    guard let variable = rawVariable as? [String: Any], let variants = variable["variants"] as? [String: String],
                          variable["type"] == nil || variable["type"] is String,
                          variable["arg"] == nil || variable["arg"] is Int
                    else { throw .malformedBundle(.malformedVariable(key: String(key.prefix(80)), name: String(name.prefix(80)))) }
                    decoded[name] = Variable(type: variable["type"] as? String, arg: variable["arg"] as? Int, variants: variants)
                }
                variables = decoded
            }
            entries[key] = Entry(source: source, lang: entryLanguage, variables: variables)
        }
        return LabelBundleDocument(lang: lang, table: table, etag: etag, labels: labels,
                                   development: development, entries: entries)
    }

    /// Puts back each template's inline attribute markup from the bundle's `markup` object
    /// (`{key: {"template": original, "plurals": {…}}}`, docs/speech.md): `labels` holds
    /// the text only, and the client renders (and writes its Foundation bundle) from the
    /// originals, as the server does. The variants in `entries` are the originals already.
    private static func originalTemplates(_ markup: Any?, into labels: inout [String: String]) throws(LabelClientError) {
        guard let markup else { return }
        guard let keys = markup as? [String: Any] else { throw .malformedBundle(.malformedMarkup(key: nil)) }
        for (key, value) in keys {
            guard let fields = value as? [String: Any], fields["template"] == nil || fields["template"] is String else {
                throw .malformedBundle(.malformedMarkup(key: String(key.prefix(80))))
            }
            if let template = fields["template"] as? String, labels[key] != nil { labels[key] = template }
        }
    }

    /// Refuses a bundle that cannot be the server's answer to
    /// `GET /labels?lang=<requested>&table=<table>`.
    ///
    /// `table` must be the one asked for. `lang` is the language the values are
    /// in, which the server picks as the first language of the request's chain
    /// that has the table, so it may be a fallback: `de` for `de-AT`, `zh-Hant`
    /// for `zh-TW`, `nb` for `no`, or the development language (`en` for `ko`
    /// when the store has no Korean). The rule is exactly "`lang` is on the
    /// chain the server builds for this request": the request's matches, then
    /// the bundle's `development` language's, through the server's own
    /// ``LanguageMatcher`` over the languages the bundle names (membership in
    /// that chain does not depend on which other languages the store has). Every
    /// entry's language must likewise be on the chain of `lang`, which is what
    /// the server merges. Anything else (`ja` or `fr` for `de-AT`, with `en`
    /// as development) is another request's bundle.
    func check(answering table: String, requested: LanguageTag) throws(LabelClientError) {
        try Self.check(table: self.table, lang: lang, development: development, entryLanguages: Set(entries.values.map(\.lang)),
                       answering: table, requested: requested)
    }

    /// ``check(answering:requested:)`` over what it reads of a bundle, for the
    /// cache's compact form too.
    static func check(table bundleTable: String, lang: String, development: String?, entryLanguages: Set<String>,
                      answering table: String, requested: LanguageTag) throws(LabelClientError) {
        guard bundleTable == table else {
            throw .malformedBundle(.otherTable(String(bundleTable.prefix(80)), requested: table))
        }
        guard let language = LanguageTag(lang) else { throw .malformedBundle(.invalidLanguage) }
        let development = try developmentTag(development)
        let reachable = LanguageChain(preferred: [requested], development: development,
                                      matcher: LanguageMatcher(available: [language]))
        guard reachable.languages.contains(language) else {
            throw .malformedBundle(.otherLanguage(String(lang.prefix(80)), requested: "\(requested)"))
        }
        var named: Set<LanguageTag> = [language]
        for entryLanguage in entryLanguages {
            guard let tag = LanguageTag(entryLanguage) else { throw .malformedBundle(.invalidEntryLanguage(key: nil)) }
            named.insert(tag)
        }
        let merged = LanguageChain(preferred: [language], development: development,
                                   matcher: LanguageMatcher(available: named)).languages
        if let stray = named.first(where: { !merged.contains($0) }) {
            throw .malformedBundle(.entryLanguageOffChain("\(stray)", language: "\(language)"))
        }
    }

    private func developmentTag() throws(LabelClientError) -> LanguageTag? {
        try Self.developmentTag(development)
    }

    private static func developmentTag(_ development: String?) throws(LabelClientError) -> LanguageTag? {
        guard let text = development else { return nil }
        guard let tag = LanguageTag(text) else { throw .malformedBundle(.invalidDevelopmentLanguage) }
        return tag
    }

    /// The catalog the resolver needs: each key's winning entry, in its own
    /// language and bundle, so a lookup through the chain finds exactly what
    /// the server found and reports a missing hit exactly when it does.
    func catalog() throws(LabelClientError) -> Catalog {
        struct LayerKey: Hashable { var bundle: String; var language: LanguageTag }
        var layers: [LayerKey: CatalogLayer] = [:]
        guard let table = TableName.isValid(table) ? table : nil else { throw .malformedBundle(.invalidTableName) }
        var builder = CatalogEntryBuilder()  // one origin per bundle/folder, not per entry
        for (key, entry) in entries {
            guard let template = labels[key] else { throw .malformedBundle(.noLabel(key: key)) }
            guard let language = LanguageTag(entry.lang) else { throw .malformedBundle(.invalidEntryLanguage(key: key)) }
            guard let slash = entry.source.lastIndex(of: "/") else { throw .malformedBundle(.invalidSource(key: key, source: nil)) }
            let bundle = String(entry.source[..<slash])
            let folder = String(entry.source[entry.source.index(after: slash)...])
            var variables: [String: PluralVariable] = [:]
            for (name, variable) in entry.variables ?? [:] {
                var variants: [PluralCategory: String] = [:]
                for (category, text) in variable.variants {
                    guard let category = PluralCategory(rawValue: category) else {
                        throw .malformedBundle(.unknownPluralCategory(key: key, category: "\(category)"))
                    }
                    variants[category] = text
                }
                variables[name] = PluralVariable(valueType: variable.type, argumentNumber: variable.arg, variants: variants)
            }
            let catalogEntry = builder.entry(string: LocalizedString(template: template, variables: variables),
                                             bundle: bundle, language: language, folder: folder)
            layers[LayerKey(bundle: bundle, language: language), default: CatalogLayer(bundle: bundle, language: language, table: table)]
                .entries[key] = catalogEntry
        }
        return Catalog(bundles: Set(layers.keys.map(\.bundle)).sorted(), developmentLanguage: try developmentTag(),
                       layers: Array(layers.values))
    }
}
