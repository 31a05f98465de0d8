import LabelCore
import MissingKeys

/// `GET /missing?format=xliff`: the report as XLIFF 1.2 for Xcode and CAT tools.
///
/// One `<file>` per (table, requested language), `source-language` the
/// development language, `target-language` the requested one. A `<trans-unit>`
/// per missing key with the development-language text as `<source>` (the key
/// when there is none) and a `<note>` with hits and dates. Plural keys use the
/// ids Xcode gives `.stringsdict` entries in its exports
/// (`/KEY:dict/NSStringLocalizedFormatKey:dict/:string`,
/// `/KEY:dict/VARIABLE:dict/CATEGORY:dict/:string`), one unit per CLDR
/// category the *target* language needs; a plural miss (the key exists but
/// lacks forms) lists only the forms it lacks.
enum XLIFFExport {
    static let contentType = "application/xliff+xml; charset=utf-8"

    /// - Parameters:
    ///   - report: Already filtered, in report order.
    ///   - developmentLanguage: `source-language` (`en` when the store has none configured).
    ///   - string: The store's string for `(table, key, language)`, exactly that language.
    static func render(report: MissingReport, developmentLanguage: String,
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
            let entries = groups[file]!
            xml.open("file", ["original": file.table + ".strings", "source-language": developmentLanguage,
                              "target-language": file.target, "datatype": "plaintext"])
            xml.markup("\n<header>")
            xml.open("tool", ["tool-id": "label-server", "tool-name": "label-server"], selfClosing: true)
            xml.markup("</header>\n<body>\n")
            var written: Set<String> = []
            for entry in entries {
                units(for: entry, developmentLanguage: developmentLanguage, string: string, written: &written, xml: &xml)
            }
            xml.markup("</body>\n")
            xml.close("file")
            xml.markup("\n")
        }
        xml.close("xliff")
        xml.markup("\n")
        return xml.bytes
    }

    private struct FileID: Hashable {
        var table: String
        var target: String
    }

    private static func units(for entry: MissingReport.Entry, developmentLanguage: String,
                              string: (String, String, String) -> LocalizedString?,
                              written: inout Set<String>, xml: inout XMLWriter) {
        let source = string(entry.table, entry.key, developmentLanguage)
        var note = "\(entry.hits) hit\(entry.hits == 1 ? "" : "s"); first seen \(MissingReport.timestamp(entry.firstSeen, fractional: false))"
        note += "; last seen \(MissingReport.timestamp(entry.lastSeen, fractional: false)); served from \(entry.servedFrom)"
        guard let source, source.isPlural else {
            // A plain string (or a key the development language lacks: its text is the key).
            if let plural = entry.plural { note += "; plural form \(plural.category.rawValue) of \(plural.variable)" }
            unit(id: entry.key, source: source?.template ?? entry.key, note: note, written: &written, xml: &xml)
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
                    unit(id: "/\(entry.key):dict/\(name):dict/\(category.rawValue):dict/:string", source: text,
                         note: note + "; the count selected \(plural.category.rawValue) of \(plural.variable)",
                         written: &written, xml: &xml)
                }
            }
            return
        }
        unit(id: "/\(entry.key):dict/NSStringLocalizedFormatKey:dict/:string", source: source.template, note: note,
             written: &written, xml: &xml)
        for name in variables {
            let variants = source.variables[name]!.variants
            for category in needed {
                unit(id: "/\(entry.key):dict/\(name):dict/\(category.rawValue):dict/:string",
                     source: variants[category] ?? variants[.other] ?? "", note: note, written: &written, xml: &xml)
            }
        }
    }

    private static func unit(id: String, source: String, note: String, written: inout Set<String>, xml: inout XMLWriter) {
        guard written.insert(id).inserted else { return }   // ids are unique within a <file>
        xml.open("trans-unit", ["id": id, "xml:space": "preserve"])
        xml.markup("\n")
        xml.element("source", text: source)
        xml.markup("\n")
        xml.element("note", text: note)
        xml.markup("\n")
        xml.close("trans-unit")
        xml.markup("\n")
    }
}
