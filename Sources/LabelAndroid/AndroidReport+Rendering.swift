import LabelCore

extension AndroidReport {
    /// One line per refusal (`error: [reason] table key (lang, category): message`),
    /// then per table the values written per folder, then a summary line. Warnings
    /// of one reason and table beyond `warningLimit` are counted, not listed.
    package func text(out: String, warningLimit: Int = 20) -> String {
        var lines: [String] = []
        var shown: [String: Int] = [:]
        for refusal in refusals {
            if refusal.severity == .warning {
                let group = "\(refusal.reason.rawValue) \(refusal.table)"
                shown[group, default: 0] += 1
                if shown[group]! > warningLimit { continue }
            }
            var place = [refusal.table, refusal.key.map { "\"\($0)\"" }].compactMap { $0 }.filter { !$0.isEmpty }
                .joined(separator: " ")
            let detail = [refusal.language?.rawValue, refusal.category?.rawValue].compactMap { $0 }
            if !detail.isEmpty { place += " (\(detail.joined(separator: ", ")))" }
            lines.append("\(refusal.severity.rawValue): [\(refusal.reason.rawValue)] \(place): \(refusal.message)")
        }
        for (group, count) in shown.sorted(by: { $0.key < $1.key }) where count > warningLimit {
            lines.append("warning: [\(group)] … and \(count - warningLimit) more (--format json lists them all)")
        }
        if !lines.isEmpty { lines.append("") }
        for table in converted.keys.sorted() {
            let perFolder = converted[table]!.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            lines.append("\(table) → \(files[table] ?? "?"): \(names[table]?.count ?? 0) names; " + perFolder.joined(separator: ", "))
        }
        lines.append("\(out): \(folders.count) folders, \(errorCount) errors, \(warningCount) warnings")
        return lines.joined(separator: "\n")
    }

    /// `{out, development, folders:[{lang, folder}], tables:[{table, file, names:{key:name},
    /// converted:{folder:n}}], errors, warnings, refusals:[{severity, reason, table, key,
    /// lang, category, message}]}` (docs/android.md).
    package func json(out: String) -> String {
        var writer = JSONWriter(capacity: 1 << 16)
        writer.beginObject()
        writer.field("out", out)
        writer.field("development", developmentLanguage?.rawValue)
        writer.beginArray("folders")
        for folder in folders {
            writer.beginObject()
            writer.field("lang", folder.language.rawValue)
            writer.field("folder", folder.folder)
            writer.endObject()
        }
        writer.endArray()
        writer.beginArray("tables")
        for table in names.keys.sorted() {
            writer.beginObject()
            writer.field("table", table)
            writer.field("file", files[table])
            writer.beginObject("names")
            for (key, name) in names[table]!.sorted(by: { $0.key < $1.key }) { writer.field(key, name) }
            writer.endObject()
            writer.beginObject("converted")
            for (folder, count) in (converted[table] ?? [:]).sorted(by: { $0.key < $1.key }) { writer.field(folder, count) }
            writer.endObject()
            writer.endObject()
        }
        writer.endArray()
        writer.field("errors", errorCount)
        writer.field("warnings", warningCount)
        writer.beginArray("refusals")
        for refusal in refusals {
            writer.beginObject()
            writer.field("severity", refusal.severity.rawValue)
            writer.field("reason", refusal.reason.rawValue)
            writer.field("table", refusal.table)
            writer.field("key", refusal.key)
            writer.field("lang", refusal.language?.rawValue)
            writer.field("category", refusal.category?.rawValue)
            writer.field("message", refusal.message)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.text
    }
}
