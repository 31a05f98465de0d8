package import LabelCore

/// A whole `res/` tree for every language of a store: `values/` holds the
/// development language (the default every key needs), each other language its own
/// folder with every key its Apple chain resolves to outside the development
/// language (which Android takes from `values/`, as Apple takes it from the chain's end).
package struct AndroidExport: Sendable {
    package struct File: Sendable {
        /// Relative to the `res/` folder: `values-de/strings.xml`.
        package var path: String
        package var bytes: [UInt8]
    }

    package private(set) var files: [File] = []
    package private(set) var report: AndroidReport

    /// Converts `tables` (default: every table) of `catalog`.
    package init(catalog: Catalog, tables requested: [String]? = nil) {
        let tables = requested ?? catalog.tables
        let wanted = Set(tables)
        var keysByTable: [String: [String]] = [:]
        for key in catalog.keys where wanted.contains(key.table) { keysByTable[key.table, default: []].append(key.key) }
        // Sorted once here: the names and each table's completion walk them sorted, and
        // sorting a sorted array is one pass.
        for table in keysByTable.keys { keysByTable[table]!.sort() }
        let names = AndroidResourceNames(tables: tables.map { ($0, keysByTable[$0] ?? []) })
        let development = catalog.developmentLanguage
        var report = AndroidReport(developmentLanguage: development, names: names.names)
        report.refusals = names.refusals
        let folders = Self.folders(catalog.languages, development: development, report: &report)
        var fileNames = Set<String>()
        for table in tables {
            let fileName = Self.fileName(table: table, taken: &fileNames)
            report.files[table] = fileName
            let converted = TableExport(catalog: catalog, table: table, keys: keysByTable[table] ?? [],
                                        folders: folders, names: names)
            for (folder, file) in converted.files where folder == "values" || !file.values.isEmpty {
                files.append(File(path: "\(folder)/\(fileName)", bytes: file.xml()))
                report.converted[table, default: [:]][folder] = file.values.count
            }
            report.refusals += converted.refusals
        }
        self.report = report
    }

    /// Each store language's folder (`values` for the development language); languages
    /// Android cannot name, or that share a folder, are reported and left out.
    static func folders(_ languages: [LanguageTag], development: LanguageTag?,
                        report: inout AndroidReport) -> [(language: LanguageTag, folder: String)] {
        var result: [(LanguageTag, String)] = []
        var owner: [String: LanguageTag] = [:]
        for language in languages.sorted() {
            guard let folder = AndroidFolder.name(for: language, development: development) else {
                report.refusals.append(AndroidRefusal(.error, .languageFolder, table: "", key: nil, language: language,
                                                      message: "Android has no resource qualifier for \(language)"))
                continue
            }
            if let first = owner[folder] {
                report.refusals.append(AndroidRefusal(.error, .languageFolder, table: "", key: nil, language: language,
                                                      message: "\(folder) is already \(first)'s folder"))
                continue
            }
            owner[folder] = language
            result.append((language, folder))
        }
        report.folders = result.map { AndroidReport.Folder(language: $0.0, folder: $0.1) }
        return result
    }

    /// `strings.xml` for `Localizable`, else `strings_<table>.xml` (lowercase, the
    /// characters a resource file name allows), unique.
    static func fileName(table: String, taken: inout Set<String>) -> String {
        let base = table == "Localizable" ? "strings" : "strings_" + AndroidResourceName.name(for: table).lowercased()
        var name = base + ".xml"
        var index = 2
        while taken.contains(name) {
            name = "\(base)_\(index).xml"
            index += 1
        }
        taken.insert(name)
        return name
    }
}
