package import LabelCore
package import MissingKeys

/// The translators' files `/missing` serves (`format=xliff`, `format=strings`), for a
/// report built elsewhere: `label-server scan` hands out exactly the same files.
package enum MissingExport {
    /// `GET /missing?format=xliff` for `report`, source texts from `catalog`.
    package static func xliff(_ report: MissingReport, catalog: Catalog) -> [UInt8] {
        XLIFFExport.render(report: report, developmentLanguage: catalog.developmentLanguage?.rawValue ?? "en") { table, key, language in
            LanguageTag(language).flatMap { catalog.entry(key: key, table: table, language: $0)?.string }
        }
    }

    /// `GET /missing?format=strings` for `report`, values from the development language.
    package static func strings(_ report: MissingReport, catalog: Catalog) -> [UInt8] {
        let development = catalog.developmentLanguage
        return report.stringsStub(generatedAt: report.since) { table, key in
            development.flatMap { catalog.entry(key: key, table: table, language: $0)?.string.template }
        }
    }
}
