import Foundation
import LabelCore

extension OutputContext {
    /// `<lang>.lproj/<Table>.strings`.
    mutating func strings(_ path: String) throws(ImportRefusal) -> Outcome {
        let development = folder(developmentLanguage)
        let reader = { (relative: String) throws(ImportRefusal) -> Data? in try self.read(relative) }
        let known = try tables.strings("\(development)/\(file(.strings))", read: reader).map { Set($0.keys) }
        let devPlurals = try tables.plurals("\(development)/\(file(.stringsdict))", read: reader) ?? [:]
        let ownPlurals = try pluralKeys(read("\(folder(id.language))/\(file(.stringsdict))"))
        var updates: [StringsTableMerge.Update] = []
        var positions: [String: Int] = [:]
        for pending in units {
            guard let value = accept(pending) else { continue }
            let key = pending.unit.address.key
            if devPlurals[key] != nil || ownPlurals.contains(key) || pluralKeys.contains("\(id.table)\u{0}\(id.language.rawValue)\u{0}\(key)") {
                skip(pending, .livesInStringsDict(key: key, file: file(.stringsdict)))
                continue
            }
            guard isKnown(pending, in: known, file(.strings)) else { continue }
            guard placeholdersAgree(pending, target: value, pluralVariant: false) else { continue }
            count(pending)
            let update = StringsTableMerge.Update(key: key, value: value, comment: pending.unit.developerNote)
            // A key given twice (two <file>s): the later value, in the first one's place.
            if let index = positions[key] { updates[index] = update } else {
                positions[key] = updates.count
                updates.append(update)
            }
        }
        guard let bytes = try StringsTableMerge.merge(existing: read(path), updates: updates, file: path) else { return .unchanged }
        return .write(bytes)
    }

    private func pluralKeys(_ data: Data?) throws(ImportRefusal) -> Set<String> {
        guard let data else { return [] }
        do { return Set(try PropertyListReader.read(data).dictionary?.keys ?? [:].keys) } catch {
            throw ImportRefusal(.besideUnreadable(detail: "\(error.reason)"))
        }
    }

    /// `<lang>.lproj/<Table>.stringsdict`. An entry is written whole or not at all: when
    /// one of its units is refused, so are the others, and the file keeps the old entry.
    mutating func stringsdict(_ path: String) throws(ImportRefusal) -> Output {
        let reader = { (relative: String) throws(ImportRefusal) -> Data? in try self.read(relative) }
        let table = try tables.plurals("\(folder(developmentLanguage))/\(file(.stringsdict))", read: reader)
        let development = table ?? [:]
        let known = table.map { Set($0.keys) }
        var updates: [StringsDictMerge.Update] = []
        var positions: [String: Int] = [:]
        var accepted: [String: [Importer.PendingUnit]] = [:]
        var refusedKeys: [String: String] = [:]   // key → the id of the unit refused first
        for pending in units {
            let key = pending.unit.address.key
            guard let value = accept(pending) else {
                if findings.last?.refused == true, findings.last?.id == pending.unit.id { refusedKeys[key] = refusedKeys[key] ?? pending.unit.id }
                continue
            }
            guard isKnown(pending, in: known, file(.stringsdict)) else { continue }
            switch pending.unit.address {
            case .stringsdictVariant(_, _, let category), .stringsdictRouted(_, _, .variant(_, let category)):
                guard usesCategory(pending, category) else { continue }
            default: break
            }
            guard placeholdersAgree(pending, target: value, pluralVariant: Self.isPluralVariant(pending.unit.address)) else {
                refusedKeys[key] = refusedKeys[key] ?? pending.unit.id
                continue
            }
            accepted[key, default: []].append(pending)
            let index = positions[key] ?? updates.count
            if index == updates.count {
                positions[key] = index
                updates.append(.init(key: key))
            }
            switch pending.unit.address {
            case .stringsdictFormat: updates[index].format = value
            case .stringsdictVariant(_, let variable, let category): updates[index].variants[variable, default: [:]][category] = value
            case .stringsdictRouted(_, let route, let leaf): updates[index].routed.append(.init(route: route, leaf: leaf, text: value))
            default: continue
            }
        }
        for (key, first) in refusedKeys {
            for pending in accepted[key] ?? [] { refuse(pending, .entryRefused, "unit \"\(first)\" of the same entry was refused") }
            accepted[key] = nil
        }
        updates.removeAll { refusedKeys[$0.key] != nil }
        let result = try StringsDictMerge.merge(existing: read(path), development: development, updates: updates)
        for (key, problem) in result.refused {
            for pending in accepted[key] ?? [] { refuse(pending, .undefinedVariable, problem) }
            accepted[key] = nil
        }
        for pending in accepted.values.joined() { count(pending) }
        let missing = missingCategories(result.entries, updates: updates.filter { result.refused[$0.key] == nil })
        return Output(path: path, outcome: result.bytes.map(Outcome.write) ?? .unchanged, missing: missing)
    }

    static func isPluralVariant(_ address: UnitAddress) -> Bool {
        switch address {
        case .stringsdictVariant, .stringsdictRouted(_, _, .variant): true
        default: false
        }
    }

    /// Per updated key, the plural categories the language needs that its rules still lack.
    private func missingCategories(_ entries: [String: [String: PropertyListValue]],
                                   updates: [StringsDictMerge.Update]) -> [ImportReport.MissingCategories] {
        let needed = PluralRules.forLanguage(id.language.rawValue).categories
        var missing: [ImportReport.MissingCategories] = []
        for update in updates {
            guard let entry = entries[update.key] else { continue }
            var lacking: Set<PluralCategory> = []
            for rule in StringsDictMerge.pluralVariables(in: entry) {
                for category in needed where rule[category.rawValue] == nil { lacking.insert(category) }
            }
            if !lacking.isEmpty { missing.append(.init(key: update.key, categories: lacking.sorted())) }
        }
        return missing
    }

    /// The `<lang>` localizations of `<Table>.xcstrings`.
    mutating func catalog(_ path: String) throws(ImportRefusal) -> Output {
        guard let data = try read(path) else {
            throw ImportRefusal(.catalogMissing(path: path))
        }
        let known = (try? StringCatalogParser.parse(data, file: path)).map { catalog in
            Set(catalog.localizations[catalog.sourceLanguage]?.keys ?? [:].keys)
        }
        var updates: [CatalogMerge.Update] = []
        for pending in units {
            guard let value = accept(pending), case .catalog(let key, let catalogPath) = pending.unit.address else { continue }
            guard isKnown(pending, in: known, file(.catalog)) else { continue }
            var isVariant = false
            switch catalogPath {
            case .plural(let category), .devicePlural(_, let category), .substitution(_, let category):
                guard usesCategory(pending, category) else { continue }
                isVariant = true
            case .stringUnit, .device: isVariant = false
            }
            guard placeholdersAgree(pending, target: value, pluralVariant: isVariant) else { continue }
            count(pending)
            let review = pending.unit.state?.hasPrefix("needs-review") ?? false
            updates.append(CatalogMerge.Update(key: key, path: catalogPath, value: value, needsReview: review,
                                               comment: pending.isNewKey ? pending.unit.developerNote : nil))
        }
        let result = try CatalogMerge.merge(existing: data, language: id.language, updates: updates, file: path)
        var seen: Set<String> = []
        let keys = updates.map(\.key).filter { seen.insert($0).inserted }
        let missing = CatalogMerge.missingCategories(document: result.document, language: result.language, keys: keys, tag: id.language)
            .map { ImportReport.MissingCategories(key: $0.key, categories: $0.categories) }
        return Output(path: path, outcome: result.bytes.map(Outcome.write) ?? .unchanged, missing: missing)
    }
}
