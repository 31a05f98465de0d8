package import LabelCore
package import MissingKeys

/// The translators' files `/missing` serves (`format=xliff`, `format=strings`), for a
/// report built elsewhere: `label-server scan` hands out exactly the same files.
package enum MissingExport {
    /// `GET /missing?format=xliff` for `report`, source texts and developers' comments from
    /// `catalog`.
    ///
    /// - Parameters:
    ///   - comment: A comment that comes before the store's (`scan`: the call site's
    ///     `comment:` argument).
    ///   - defaultSource: Where the development language lacks a key, its source text
    ///     (`scan`: the call's `value:`); else the key.
    package static func xliff(_ report: MissingReport, catalog: Catalog,
                              comment: (_ table: String, _ key: String) -> String? = { _, _ in nil },
                              defaultSource: (_ table: String, _ key: String) -> String? = { _, _ in nil }) -> [UInt8] {
        let development = catalog.developmentLanguage?.rawValue ?? "en"
        return XLIFFExport.render(
            report: report, developmentLanguage: development,
            comment: { table, key in comment(table, key) ?? catalog.developerComment(table: table, key: key) },
            string: { table, key, language in
                if let string = LanguageTag(language).flatMap({ catalog.entry(key: key, table: table, language: $0)?.string }) {
                    return string
                }
                return language == development ? defaultSource(table, key).map { LocalizedString(template: $0) } : nil
            })
    }

    /// `GET /missing?format=strings` for `report`, values and developers' comments from the
    /// development language (`comment` first, as for ``xliff(_:catalog:comment:defaultSource:)``;
    /// where the development language lacks a key, `defaultSource`'s value).
    package static func strings(_ report: MissingReport, catalog: Catalog,
                                comment: (_ table: String, _ key: String) -> String? = { _, _ in nil },
                                defaultSource: (_ table: String, _ key: String) -> String? = { _, _ in nil }) -> [UInt8] {
        let development = catalog.developmentLanguage
        return report.stringsStub(generatedAt: report.since, developmentValue: { table, key in
            development.flatMap { catalog.entry(key: key, table: table, language: $0)?.string.template } ?? defaultSource(table, key)
        }, developerComment: { table, key in
            comment(table, key) ?? catalog.developerComment(table: table, key: key)
        })
    }
}
