import Foundation
import LabelCore

extension Importer {
    /// `--add-new`: adds to `groups` the development language's units for every key a
    /// translation brings that the development language lacks (``OutputContext/newKeyUnits()``),
    /// and plans those development-language outputs first, so that each translation's output
    /// finds its key there (and a key refused there is not written in any language).
    func addNewKeys(_ groups: inout [OutputID: [PendingUnit]], order: inout [OutputID], folders: [LanguageTag: String],
                    tables: DevelopmentTables, report: inout ImportReport) {
        let plural = Self.pluralKeys(groups)
        var additions: [OutputID: [PendingUnit]] = [:]
        var first: [OutputID] = []
        for id in order {
            var context = OutputContext(importer: self, id: id, units: groups[id]!, folders: folders, pluralKeys: plural, tables: tables)
            if let (language, units) = context.newKeyUnits(), !units.isEmpty {
                let development = OutputID(kind: id.kind, table: id.table, language: language)
                if additions[development] == nil { first.append(development) }
                additions[development, default: []] += units
            }
            report.findings += context.findings
            for (index, count) in context.refused { report.files[index].refused += count }
        }
        // The development language's own XLIFF units come after: a translator's value wins.
        for id in first { groups[id] = additions[id]! + (groups[id] ?? []) }
        let moved = Set(first)
        order = first + order.filter { !moved.contains($0) }
    }

    /// `table NUL language NUL key` of every `.stringsdict` unit of the plan.
    static func pluralKeys(_ groups: [OutputID: [PendingUnit]]) -> Set<String> {
        Set(groups.filter { $0.key.kind == .stringsdict }.flatMap { id, units in
            units.map { "\(id.table)\u{0}\(id.language.rawValue)\u{0}\($0.unit.address.key)" }
        })
    }
}
