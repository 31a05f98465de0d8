package import LabelCore
package import MissingKeys

/// The translators' files `/missing` serves (`format=xliff`, `format=strings`), for a
/// report built elsewhere: `label-server scan` hands out exactly the same files.
package enum MissingExport {
    /// `GET /missing?format=xliff` for `report`, source texts from `catalog`; where the
    /// development language lacks a key, `defaultSource` (scan: the call's `value:`), else the key.
    package static func xliff(_ report: MissingReport, catalog: Catalog,
                              defaultSource: (_ table: String, _ key: String) -> String? = { _, _ in nil }) -> [UInt8] {
        let development = catalog.developmentLanguage?.rawValue ?? "en"
        return XLIFFExport.render(report: report, developmentLanguage: development) { table, key, language in
            if let string = LanguageTag(language).flatMap({ catalog.entry(key: key, table: table, language: $0)?.string }) { return string }
            return language == development ? defaultSource(table, key).map { LocalizedString(template: $0) } : nil
        }
    }

    /// `GET /missing?format=strings` for `report`, values from the development language
    /// (where it lacks a key, `defaultSource`'s).
    package static func strings(_ report: MissingReport, catalog: Catalog,
                                defaultSource: (_ table: String, _ key: String) -> String? = { _, _ in nil }) -> [UInt8] {
        let development = catalog.developmentLanguage
        return report.stringsStub(generatedAt: report.since) { table, key in
            development.flatMap { catalog.entry(key: key, table: table, language: $0)?.string.template } ?? defaultSource(table, key)
        }
    }
}
