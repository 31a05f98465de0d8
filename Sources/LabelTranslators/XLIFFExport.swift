package import LabelCore
package import MissingKeys

/// `GET /missing?format=xliff`: the report as XLIFF 1.2 for Xcode and CAT tools.
///
/// Per (table, requested language) up to two `<file>`s, as Xcode's own exports have one
/// per source file: `original="TABLE.strings"` for plain keys and
/// `original="TABLE.stringsdict"` for plural ones, `source-language` the development
/// language, `target-language` the requested one. A `<trans-unit>` per missing key with
/// the development-language text as `<source>` (the key when there is none), the
/// developer's comment as `<note from="developer">` when there is one, and the report's
/// facts (hits, dates, served from) as `<note from="label-server">`: `import` writes only
/// the developer's note back (docs/decisions/developer-comments.md). Plural keys use the ids Xcode gives `.stringsdict`
/// entries (`/KEY:dict/NSStringLocalizedFormatKey:dict/:string`,
/// `/KEY:dict/VARIABLE:dict/CATEGORY:dict/:string`), one unit per CLDR category the
/// *target* language needs; a plural miss (the key exists but lacks forms) lists only
/// the forms it lacks.
///
/// A key is the id of its plain unit whatever it spells: a client that reports
/// `/files.count:dict/files:dict/few:dict/:string` gets a unit in the `.strings` file,
/// and the real plural units keep their ids in the `.stringsdict` one. XLIFF 1.2 asks ids
/// to be unique within a `<file>`, and they are (docs/decisions/xliff-files-per-source.md).
package enum XLIFFExport {
    package static let contentType = "application/xliff+xml; charset=utf-8"

    /// - Parameters:
    ///   - report: Already filtered, in report order.
    ///   - developmentLanguage: `source-language` (`en` when the store has none configured).
    ///   - string: The store's string for `(table, key, language)`, exactly that language.
    ///   - comment: The developer's comment on `(table, key)`, if any (``DeveloperComment``).
    package static func render(report: MissingReport, developmentLanguage: String,
                               comment: (_ table: String, _ key: String) -> String? = { _, _ in nil },
                               string: (_ table: String, _ key: String, _ language: String) -> LocalizedString?) -> [UInt8] {
        var xml = XMLWriter(capacity: 512 + report.entries.count * 400)
        xml.markup(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        xml.markup("\n")
        xml.open("xliff", ["xmlns": "urn:oasis:names:tc:xliff:document:1.2", "version": "1.2"])
        xml.markup("\n")
        // Files in first-appearance order of (table, requested) would follow hits;
        // sorted is what a translator scanning the file expects.
        var groups: [FileID: [MissingReport.Entry]] = [:]
        for entry in report.entries { groups[FileID(table: entry.table, target: entry.requested), default: []].append(entry) }
        for file in groups.keys.sorted(by: { ($0.table, $0.target) < ($1.table, $1.target) }) {
            var plain: [Unit] = []
            var plural: [Unit] = []
            for entry in groups[file]! {
                let developer = comment(entry.table, entry.key).flatMap(DeveloperComment.cleaned)
                units(for: entry, developmentLanguage: developmentLanguage, developer: developer, string: string,
                      plain: &plain, plural: &plural)
            }
            write(plain, original: file.table + ".strings", file: file, developmentLanguage: developmentLanguage, xml: &xml)
            write(plural, original: file.table + ".stringsdict", file: file, developmentLanguage: developmentLanguage,
                  xml: &xml)
        }
        xml.close("xliff")
        xml.markup("\n")
        return xml.bytes
    }

    private struct FileID: Hashable {
        var table: String
        var target: String
    }

    private struct Unit {
        var id: String
        var source: String
        /// The report's facts: `<note from="label-server">`.
        var note: String
        /// `<note from="developer">`, when the key has a comment.
        var developer: String?
    }

    /// One `<file>` (none when `units` is empty); ids are unique within it.
    private static func write(_ units: [Unit], original: String, file: FileID, developmentLanguage: String,
                              xml: inout XMLWriter) {
        guard !units.isEmpty else { return }
        xml.open("file", ["original": original, "source-language": developmentLanguage,
                          "target-language": file.target, "datatype": "plaintext"])
        xml.markup("\n<header>")
        xml.open("tool", ["tool-id": "label-server", "tool-name": "label-server"], selfClosing: true)
        xml.markup("</header>\n<body>\n")
        var written: Set<String> = []
        for unit in units where written.insert(unit.id).inserted {
            xml.open("trans-unit", ["id": unit.id, "xml:space": "preserve"])
            xml.markup("\n")
            xml.element("source", text: unit.source)
            xml.markup("\n")
            if let developer = unit.developer {
                xml.element("note", ["from": "developer"], text: developer)
                xml.markup("\n")
            }
            xml.element("note", ["from": "label-server"], text: unit.note)
            xml.markup("\n")
            xml.close("trans-unit")
            xml.markup("\n")
        }
        xml.markup("</body>\n")
        xml.close("file")
        xml.markup("\n")
    }

    private static func units(for entry: MissingReport.Entry, developmentLanguage: String, developer: String?,
                              string: (String, String, String) -> LocalizedString?,
                              plain: inout [Unit], plural units: inout [Unit]) {
        let source = string(entry.table, entry.key, developmentLanguage)
        var note = "\(entry.hits) hit\(entry.hits == 1 ? "" : "s"); first seen \(MissingReport.timestamp(entry.firstSeen, fractional: false))"
        note += "; last seen \(MissingReport.timestamp(entry.lastSeen, fractional: false)); served from \(entry.servedFrom)"
        // `include=untranslated`: a key never requested has no hits or dates to tell.
        if entry.isUntranslated { note = "untranslated; not requested yet; served from \(entry.servedFrom)" }
        guard let source, source.isPlural else {
            // A plain string (or a key the development language lacks: its text is the key).
            if let plural = entry.plural { note += "; plural form \(plural.category.rawValue) of \(plural.variable)" }
            plain.append(Unit(id: entry.key, source: source?.template ?? entry.key, note: note, developer: developer))
            return
        }
        let needed = PluralRules.forLanguage(entry.requested).categories
        let variables = source.variables.keys.sorted()
        if let plural = entry.plural {
            // The target has the key: ask only for the forms it lacks.
            let existing = string(entry.table, entry.key, entry.requested)
            for name in variables {
                let have = existing?.variables[name]?.variants ?? [:]
                for category in needed where have[category] == nil {
                    let text = source.variables[name]!.variants[category] ?? source.variables[name]!.variants[.other] ?? ""
                    units.append(Unit(id: "/\(entry.key):dict/\(name):dict/\(category.rawValue):dict/:string", source: text,
                                      note: note + "; the count selected \(plural.category.rawValue) of \(plural.variable)",
                                      developer: developer))
                }
            }
            return
        }
        units.append(Unit(id: "/\(entry.key):dict/NSStringLocalizedFormatKey:dict/:string", source: source.template,
                          note: note, developer: developer))
        for name in variables {
            let variants = source.variables[name]!.variants
            for category in needed {
                units.append(Unit(id: "/\(entry.key):dict/\(name):dict/\(category.rawValue):dict/:string",
                                  source: variants[category] ?? variants[.other] ?? "", note: note, developer: developer))
            }
        }
    }
}
