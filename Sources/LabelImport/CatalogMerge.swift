import Foundation
import LabelCore

/// Writes imported units into one language's localizations of a String Catalog.
///
/// Each unit's path (``UnitAddress/CatalogPath``) names a `stringUnit` under the
/// key's `localizations.LANG`: the value itself, `variations.plural.CAT`,
/// `variations.device.DEVICE` (and its `variations.plural.CAT`), or
/// `substitutions.NAME.variations.plural.CAT`, whose `argNum` and
/// `formatSpecifier` come from the source language's substitution. The state is
/// `translated`, or `needs_review` for XLIFF's `needs-review-*`. Everything else
/// in the file — other languages, comments, extraction states, member order and
/// the exact text of untouched strings — is written back as it was read, in
/// Xcode's layout (two-space indent, `"key" : value`).
enum CatalogMerge {
    struct Update: Hashable {
        var key: String
        var path: UnitAddress.CatalogPath
        var value: String
        var needsReview: Bool
        /// A new key's developer comment (`--add-new`): the key's `comment` when it has none.
        var comment: String? = nil
    }

    struct Result {
        /// The catalog after the merge (for the report's plural check).
        var document: JSONDocument
        /// The language as the catalog spells it.
        var language: String
        var bytes: [UInt8]?
    }

    static func merge(existing data: Data, language tag: LanguageTag, updates: [Update], file: String) throws(ImportRefusal) -> Result {
        let bytes = [UInt8](data)
        var document: JSONDocument
        do { document = try JSONDocument.read(bytes) } catch {
            throw ImportRefusal(.catalogNotJSON(offset: error.offset, detail: "\(error.reason)"))
        }
        guard document.isObject, let source = document["sourceLanguage"]?.stringValue else {
            throw ImportRefusal(.catalogWithoutSourceLanguage)
        }
        let language = spelling(of: tag, in: document) ?? tag.rawValue
        let old = document
        if !updates.isEmpty {
            var strings = Strings(document["strings"])
            for update in updates {
                strings.update(update.key) { entry in
                    if let comment = update.comment, !comment.isEmpty, entry["comment"] == nil { entry.set("comment", .string(comment)) }
                    let sourceLocalization = entry["localizations"]?[source]
                    entry.update(["localizations", language][...]) { localization in
                        apply(update, to: &localization, source: sourceLocalization)
                    }
                }
            }
            document.set("strings", strings.document)
        }
        guard document != old else { return Result(document: document, language: language, bytes: nil) }
        let trailing = bytes.reversed().prefix { $0 == 0x0A || $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }.reversed()
        let written = Array(document.catalogText().utf8) + trailing
        try verify(written, old: data, language: language, file: file)
        return Result(document: document, language: language, bytes: written)
    }

    /// The catalog's spelling of `tag` among the languages it already has (`zh-Hans` for `zh_Hans`).
    static func spelling(of tag: LanguageTag, in document: JSONDocument) -> String? {
        guard case .object(let strings)? = document["strings"] else { return nil }
        for member in strings {
            guard case .object(let localizations)? = member.value["localizations"] else { continue }
            if let match = localizations.first(where: { LanguageTag($0.key) == tag }) { return match.key }
        }
        return nil
    }

    private static func apply(_ update: Update, to localization: inout JSONDocument, source: JSONDocument?) {
        let sourceSubstitutions = source?["substitutions"]
        var value = update.value
        switch update.path {
        case .stringUnit:
            value = unnumbered(value, source: source?["stringUnit"]?["value"]?.stringValue ?? "")
        case .substitution(let name, _):
            let substitution = localization["substitutions"]?[name] ?? sourceSubstitutions?[name]
            if case .number(let number)? = substitution?["argNum"], let argument = Int(number),
                let specifier = substitution?["formatSpecifier"]?.stringValue {
                value = withArgumentToken(value, argument: argument, specifier: specifier)
            }
        default:
            break
        }
        let unit = JSONDocument.object([
            .init(key: "state", value: .string(update.needsReview ? "needs_review" : "translated")),
            .init(key: "value", value: .string(value)),
        ])
        func setUnit(_ path: [String]) {
            localization.update(path[...]) { $0.set("stringUnit", unit) }
        }
        switch update.path {
        case .stringUnit: localization.set("stringUnit", unit)
        case .plural(let category): setUnit(["variations", "plural", category.rawValue])
        case .device(let device): setUnit(["variations", "device", device])
        case .devicePlural(let device, let category): setUnit(["variations", "device", device, "variations", "plural", category.rawValue])
        case .substitution(let name, let category):
            localization.update(["substitutions", name][...]) { substitution in
                for field in ["argNum", "formatSpecifier"] where substitution[field] == nil {
                    if let value = sourceSubstitutions?[name]?[field] { substitution.set(field, value) }
                }
            }
            setUnit(["substitutions", name, "variations", "plural", category.rawValue])
        }
    }

    /// Xcode numbers a catalog value's substitutions in its XLIFF (`%#@files@` is
    /// exported `%2$#@files@`); on import a substitution the source language writes
    /// unnumbered is written unnumbered again.
    static func unnumbered(_ text: String, source: String) -> String {
        let tokens = FormatToken.tokens(in: text)
        guard tokens.contains(where: { if case .substitution(let s) = $0 { s.position != nil } else { false } }) else { return text }
        return tokens.map { token in
            if case .substitution(let substitution) = token, substitution.position != nil, source.contains("%#@\(substitution.name)@") {
                return "%#@\(substitution.name)@"
            }
            return token.source
        }.joined()
    }

    /// Xcode exports a substitution's `%arg` as its argument (`%2$lld`, and LabelCore's
    /// reader as `%lld`); on import that specifier becomes `%arg` again.
    static func withArgumentToken(_ text: String, argument: Int, specifier: String) -> String {
        FormatToken.tokens(in: text).map { token in
            if case .specifier(let found) = token, found.position == nil || found.position == argument,
                found.source == "%\(specifier)" || found.source == "%\(argument)$\(specifier)" {
                return "%arg"
            }
            return token.source
        }.joined()
    }

    /// The merged catalog must read with LabelCore's parser, and every other
    /// language must read exactly as before.
    private static func verify(_ bytes: [UInt8], old: Data, language: String, file: String) throws(ImportRefusal) {
        let before: StringCatalog, after: StringCatalog
        do {
            before = try StringCatalogParser.parse(old, file: file)
            after = try StringCatalogParser.parse(Data(bytes), file: file)
        } catch {
            throw ImportRefusal(.mergedUnreadable(kind: .catalog, detail: "\(error)"))
        }
        var unchanged = after.localizations, previous = before.localizations
        unchanged[language] = nil
        previous[language] = nil
        // The source language gains a key's own text for a key the import adds.
        let source = after.sourceLanguage
        if let added = unchanged[source] { unchanged[source] = added.filter { previous[source]?[$0.key] != nil || $0.value.template != $0.key } }
        guard unchanged == previous else { throw ImportRefusal(.catalogOtherLanguagesChanged(language: language)) }
    }

    /// Per key touched, the plural categories `tag` needs that its variations still lack.
    static func missingCategories(document: JSONDocument, language: String, keys: [String], tag: LanguageTag) -> [(key: String, categories: [PluralCategory])] {
        let needed = PluralRules.forLanguage(tag.rawValue).categories
        var result: [(String, [PluralCategory])] = []
        // One pass over the catalog's keys, not one per key asked about.
        let wanted = Set(keys)
        var entries: [String: JSONDocument] = [:]
        if case .object(let strings)? = document["strings"] {
            for member in strings where wanted.contains(member.key) && entries[member.key] == nil { entries[member.key] = member.value }
        }
        for key in keys {
            guard let localization = entries[key]?["localizations"]?[language] else { continue }
            var plurals: [JSONDocument] = []
            if let plural = localization["variations"]?["plural"] { plurals.append(plural) }
            if case .object(let devices)? = localization["variations"]?["device"] {
                plurals += devices.compactMap { $0.value["variations"]?["plural"] }
            }
            if case .object(let substitutions)? = localization["substitutions"] {
                plurals += substitutions.compactMap { $0.value["variations"]?["plural"] }
            }
            var missing: Set<PluralCategory> = []
            for plural in plurals {
                for category in needed where plural[category.rawValue] == nil { missing.insert(category) }
            }
            if !missing.isEmpty { result.append((key, missing.sorted())) }
        }
        return result
    }
}
