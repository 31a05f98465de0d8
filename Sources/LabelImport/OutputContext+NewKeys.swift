import Foundation
import LabelCore

extension OutputContext {
    /// Why a new key's units make no development-language entry: a finding's kind and sentence.
    struct NewKeyProblem {
        var kind: ImportReport.Finding.Kind
        var message: String
    }

    /// `--add-new`: for each key of this output that the development language lacks and
    /// that one of its units would write, the development language's units: each unit's
    /// `<source>` as its target, its developer note as its comment. A key whose units cannot
    /// make a whole development-language entry (``newKeyProblem(_:language:)``) is refused
    /// here, every unit of it, and listed in ``DevelopmentTables/refusedNewKeys``.
    ///
    /// `nil` when nothing can be new: this output is the development language's, its table
    /// does not exist (apps whose development language lives only in code: the key cannot be
    /// checked and is written, as without the flag), or cannot be read (this output's own
    /// run reports that).
    mutating func newKeyUnits() -> (language: LanguageTag, units: [Importer.PendingUnit])? {
        let found: (language: LanguageTag, keys: Set<String>)?
        do throws(ImportRefusal) { found = try developmentKeys() } catch { return nil }
        guard let found, found.language != id.language else { return nil }
        var byKey: [String: [Importer.PendingUnit]] = [:]
        var keys: [String] = []
        for pending in units where !found.keys.contains(pending.unit.address.key) {
            let key = pending.unit.address.key
            if byKey[key] == nil { keys.append(key) }
            byKey[key, default: []].append(pending)
        }
        var result: [Importer.PendingUnit] = []
        for key in keys {
            let group = byKey[key]!
            // Added only along with a translation: a unit Xcode would write.
            guard group.contains(where: { $0.unit.target != nil && !["new", "needs-translation"].contains($0.unit.state ?? "") }) else { continue }
            if let problem = newKeyProblem(group, language: found.language) {
                for pending in group { refuse(pending, problem.kind, problem.message + " (the key is written in no language)") }
                tables.refusedNewKeys.insert(newKeyID(key))
                continue
            }
            for var pending in group {
                pending.isNewKey = true
                pending.unit.target = pending.unit.source
                pending.unit.state = nil
                result.append(pending)
            }
        }
        return (found.language, result)
    }

    /// The development language and its keys for this output's table; for a String
    /// Catalog the catalog's own `sourceLanguage` and every key it has.
    private func developmentKeys() throws(ImportRefusal) -> (language: LanguageTag, keys: Set<String>)? {
        let reader = { (relative: String) throws(ImportRefusal) -> Data? in try self.read(relative) }
        let development = folder(developmentLanguage)
        switch id.kind {
        case .strings:
            guard let values = try tables.strings("\(development)/\(file(.strings))", read: reader) else { return nil }
            // A key of the .stringsdict (the development language's, or this language's
            // imported by the same run) is skipped, not new.
            var keys = Set(values.keys).union(try tables.plurals("\(development)/\(file(.stringsdict))", read: reader)?.keys ?? [:].keys)
            for pending in units where pluralKeys.contains("\(id.table)\u{0}\(id.language.rawValue)\u{0}\(pending.unit.address.key)") {
                keys.insert(pending.unit.address.key)
            }
            return (developmentLanguage, keys)
        case .stringsdict:
            guard let entries = try tables.plurals("\(development)/\(file(.stringsdict))", read: reader) else { return nil }
            return (developmentLanguage, Set(entries.keys))
        case .catalog:
            let path = file(.catalog)
            if let cached = tables.catalogKeys[path] { return cached }
            var found: (language: LanguageTag, keys: Set<String>)?
            if let data = try read(path), let catalog = try? StringCatalogParser.parse(data, file: path),
                let language = LanguageTag(catalog.sourceLanguage) {
                found = (language, Set(catalog.localizations[catalog.sourceLanguage]?.keys ?? [:].keys))
            }
            tables.catalogKeys[path] = .some(found)
            return found
        }
    }

    /// Why one new key's units (`group`, XLIFF order) cannot be written to `language`:
    /// their `<file>` is in another source language, or, for a plural, they do not make a
    /// whole entry (a format and every category `language` needs, no width/device variant,
    /// no catalog substitution). `nil` when they can.
    func newKeyProblem(_ group: [Importer.PendingUnit], language: LanguageTag) -> NewKeyProblem? {
        if let text = group[0].sourceLanguage, let source = LanguageTag(text), !Self.sameLanguage(source, language) {
            return NewKeyProblem(kind: .sourceLanguageDiffers,
                                 message: "the <file>'s source-language is \(text), the development language \(language): its <source> is no \(language) value")
        }
        let needed = PluralRules.forLanguage(language.rawValue).categories
        var format: String?
        var plain = false
        var categories: [String: Set<PluralCategory>] = [:]
        for pending in group {
            switch pending.unit.address {
            case .strings: plain = true
            case .catalog(_, .stringUnit): plain = true
            case .stringsdictFormat: format = pending.unit.source
            case .stringsdictVariant(_, let variable, let category): categories[variable, default: []].insert(category)
            case .catalog(_, .plural(let category)): categories[StringCatalogParser.pluralVariableName, default: []].insert(category)
            case .stringsdictRouted, .catalog, .other:
                return NewKeyProblem(kind: .newPluralIncomplete,
                                     message: "a width or device variant or a substitution: a new key's \(language) entry is not made from one")
            }
        }
        guard !categories.isEmpty || format != nil else { return nil }
        if id.kind == .stringsdict, format == nil {
            return NewKeyProblem(kind: .newPluralIncomplete, message: "no NSStringLocalizedFormatKey unit to make the new key's \(language) entry from")
        }
        if plain { return NewKeyProblem(kind: .newPluralIncomplete, message: "both a plain value and plural variants for one new key") }
        let variables = format.map(Self.substitutionNames) ?? Array(categories.keys)
        for variable in variables.sorted() {
            let lacking = needed.filter { !(categories[variable] ?? []).contains($0) }
            if !lacking.isEmpty {
                let names = lacking.map(\.rawValue).joined(separator: ", ")
                return NewKeyProblem(kind: .newPluralIncomplete, message: "no \(names) of \(variable), which \(language) needs, to make the new key's entry from")
            }
        }
        return nil
    }

    /// The `%#@name@` substitutions a format names.
    static func substitutionNames(_ format: String) -> [String] {
        FormatToken.tokens(in: format).compactMap { token in
            if case .substitution(let substitution) = token { substitution.name } else { nil }
        }
    }

    /// Whether two tags name the same language: equal, or one extends the other (`en`,
    /// `en-US`); `en-GB` and `en-US` do not.
    static func sameLanguage(_ first: LanguageTag, _ second: LanguageTag) -> Bool {
        let a = first.rawValue.lowercased(), b = second.rawValue.lowercased()
        return a == b || a.hasPrefix(b + "-") || b.hasPrefix(a + "-")
    }
}
