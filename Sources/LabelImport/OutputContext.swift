import Foundation
import LabelCore

/// Builds one output file of an import from its units: reads what is there,
/// applies Xcode's rules, runs the checks, merges.
struct OutputContext {
    enum Outcome {
        case write([UInt8])
        case unchanged
        case refused(ImportRefusal)
    }

    struct Output {
        var path: String
        var outcome: Outcome
        var missing: [ImportReport.MissingCategories]
    }

    let importer: Importer
    let id: Importer.OutputID
    let units: [Importer.PendingUnit]
    let folders: [LanguageTag: String]
    /// `table NUL language NUL key` of every stringsdict unit of the import.
    let pluralKeys: Set<String>
    let tables: DevelopmentTables
    var findings: [ImportReport.Finding] = []
    var skipped: [(Int, ImportReport.SkippedUnit)] = []
    var imported: [Int: Int] = [:]
    /// Units refused for a finding, by the index of their `<file>`'s result.
    var refused: [Int: Int] = [:]
    /// Keys `--add-new` wrote to the development language, by the index of the `<file>`'s
    /// result whose unit brought them.
    var addedKeys: [Int: Set<String>] = [:]

    init(importer: Importer, id: Importer.OutputID, units: [Importer.PendingUnit], folders: [LanguageTag: String],
         pluralKeys: Set<String>, tables: DevelopmentTables) {
        self.importer = importer
        self.tables = tables
        self.id = id
        self.units = units
        self.folders = folders
        self.pluralKeys = pluralKeys
    }

    mutating func run() -> Output {
        let path = id.kind == .catalog ? file(.catalog) : "\(folder(id.language))/\(file(id.kind))"
        do throws(ImportRefusal) {
            switch id.kind {
            case .strings: return Output(path: path, outcome: try strings(path), missing: [])
            case .stringsdict: return try stringsdict(path)
            case .catalog: return try catalog(path)
            }
        } catch {
            return Output(path: path, outcome: .refused(error), missing: [])
        }
    }

    /// The name of this output's table as a file of `kind`: `Localizable.stringsdict`.
    func file(_ kind: StoreFileKind) -> String { id.table + kind.fileExtension }

    func folder(_ tag: LanguageTag) -> String { folders[tag] ?? "\(tag.rawValue).lproj" }

    var developmentLanguage: LanguageTag {
        importer.options.developmentLanguage ?? units.first?.sourceLanguage.flatMap { LanguageTag($0) } ?? LanguageTag("en")!
    }

    /// The bytes of a store file as this run left it so far, or `nil` when there is none.
    func read(_ relative: String) throws(ImportRefusal) -> Data? {
        if let merged = tables.merged[relative] { return Data(merged) }
        let url = importer.directory.appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let size = ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
        guard size <= XLIFFReader.maximumBytes else { throw ImportRefusal(.existingTooLarge(path: relative, bytes: size, limit: XLIFFReader.maximumBytes)) }
        do { return try Data(contentsOf: url) } catch { throw ImportRefusal(.existingUnopenable(path: relative, detail: error.localizedDescription)) }
    }

    /// The unit's value when Xcode would write it; otherwise records why not. A unit
    /// whose key, id, target or (`.strings`) note holds a character XML 1.0 cannot hold is
    /// refused: a `.stringsdict` cannot hold it, and no store value could be exported as
    /// XLIFF again.
    mutating func accept(_ pending: Importer.PendingUnit) -> String? {
        guard let target = pending.unit.target else {
            skip(pending, .noTarget)
            return nil
        }
        if let state = pending.unit.state, state == "new" || state == "needs-translation" {
            skip(pending, .notTranslated(state: state))
            return nil
        }
        // The developer's note is written only as a `.strings` comment (and a new key's catalog comment).
        let note = id.kind == .strings || pending.isNewKey ? pending.unit.developerNote ?? "" : ""
        // The id too: its parts (a key, a variable's or a variant's name) become keys.
        let value = pending.isNewKey ? "source" : "target"
        for (part, text) in [(value, target), ("key", pending.unit.address.key), ("id", pending.unit.id), ("note", note)] {
            if let scalar = text.unicodeScalars.first(where: { !XMLEscaping.isXMLCharacter($0) }) {
                let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
                refuse(pending, .nonXMLCharacter, "the \(part) holds \(code), which XML 1.0 (and so a property list or XLIFF) cannot hold")
                return nil
            }
        }
        return target
    }

    /// Counts a unit as imported (a new key's development-language unit: its key as added).
    mutating func count(_ pending: Importer.PendingUnit) {
        if pending.isNewKey {
            addedKeys[pending.result, default: []].insert(pending.unit.address.key)
        } else {
            imported[pending.result, default: 0] += 1
        }
    }

    /// `kind NUL table NUL key`: a new key in ``DevelopmentTables/refusedNewKeys``.
    func newKeyID(_ key: String) -> String { "\(id.kind.rawValue)\u{0}\(id.table)\u{0}\(key)" }

    /// Whether the development language has the unit's key; when it does not (and
    /// `keys` is known) the unit is skipped, as Xcode skips it, and reported. Under
    /// `--add-new` the development language has it by now (added before any translation
    /// is planned), is the language imported, or refused it (already reported).
    mutating func isKnown(_ pending: Importer.PendingUnit, in keys: Set<String>?, _ table: String) -> Bool {
        let key = pending.unit.address.key
        guard let keys, !keys.contains(key), !pending.isNewKey else { return true }
        if importer.options.addNew {
            if id.language == developmentLanguage { return true }
            if tables.refusedNewKeys.contains(newKeyID(key)) { return false }
        }
        finding(.unknownKey, pending, "the development language (\(developmentLanguage)) has no \"\(key)\" in \(table); not written")
        skip(pending, .notInDevelopmentLanguage(table: table))
        return false
    }

    /// Whether the target language uses `category` (CLDR; `zero` is Apple's for any
    /// language); a variant for another category is skipped, as Xcode skips it.
    mutating func usesCategory(_ pending: Importer.PendingUnit, _ category: PluralCategory) -> Bool {
        guard category != .zero, !PluralRules.forLanguage(id.language.rawValue).categories.contains(category) else { return true }
        skip(pending, .categoryNotInLanguage(id.language, category))
        return false
    }

    mutating func skip(_ pending: Importer.PendingUnit, _ reason: ImportReport.SkipReason) {
        // A new key's development-language unit is no unit of the XLIFF (a category English lacks).
        guard !pending.isNewKey else { return }
        skipped.append((pending.result, ImportReport.SkippedUnit(id: pending.unit.id, reason: reason)))
    }

    mutating func finding(_ kind: ImportReport.Finding.Kind, _ pending: Importer.PendingUnit, _ message: String) {
        findings.append(ImportReport.Finding(kind: kind, xliff: pending.xliff, line: pending.unit.line, id: pending.unit.id, message: message))
    }

    /// Records a finding for a unit that is not written.
    mutating func refuse(_ pending: Importer.PendingUnit, _ kind: ImportReport.Finding.Kind, _ message: String) {
        // A new key's development-language unit: its value is the <source>, and no language gets the key.
        let message = pending.isNewKey ? "its <source> as the new \(id.language) value: \(message) (the key is written in no language)" : message
        var finding = ImportReport.Finding(kind: kind, xliff: pending.xliff, line: pending.unit.line, id: pending.unit.id, message: message)
        finding.refused = true
        findings.append(finding)
        refused[pending.result, default: 0] += 1
        if pending.isNewKey { tables.refusedNewKeys.insert(newKeyID(pending.unit.address.key)) }
    }

    /// Whether the target's format arguments agree with the source's; a unit whose do
    /// not is refused (its value would crash `String(format:)` on Apple platforms).
    mutating func placeholdersAgree(_ pending: Importer.PendingUnit, target: String, pluralVariant: Bool) -> Bool {
        guard let problem = PlaceholderCheck.mismatch(source: pending.unit.source, target: target, isPluralVariant: pluralVariant) else {
            return true
        }
        refuse(pending, .placeholderMismatch, problem)
        return false
    }
}
