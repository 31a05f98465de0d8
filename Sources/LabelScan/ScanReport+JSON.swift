import LabelCore

/// The JSON report (docs/scan.md has the schema; its fields and order are stable).
extension ScanReport {
    package func json() -> String {
        var writer = JSONWriter(capacity: 256 + sites.count * 160 + keys.count * 80 + unreferenced.count * 60)
        writer.beginObject()
        writer.beginArray("sites")
        for site in sites {
            writer.beginObject()
            writer.field("file", site.file)
            writer.field("line", site.line)
            writer.field("column", site.column)
            writer.field("callee", site.callee)
            writer.field("table", site.table)
            writer.field("key", site.key)
            writer.field("kind", site.kind.rawValue)
            writer.field("comment", site.comment)
            writer.endObject()
        }
        writer.endArray()
        writer.beginArray("keys")
        for key in keys {
            writer.beginObject()
            writer.field("table", key.table)
            writer.field("key", key.key)
            writer.field("sites", key.sites)
            writer.beginArray("missing")
            for language in key.missing { writer.element(language) }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.beginArray("unreferenced")
        for entry in unreferenced {
            writer.beginObject()
            writer.field("table", entry.table)
            writer.field("key", entry.key)
            writer.field("possibly", entry.possibly)
            writer.endObject()
        }
        writer.endArray()
        writer.beginArray("warnings")
        for warning in warnings {
            writer.beginObject()
            writer.field("code", warning.code.rawValue)
            writer.field("file", warning.file)
            // null when the warning is about a whole file.
            if let line = warning.line { writer.field("line", line) } else { writer.field("line", nil as String?) }
            if let column = warning.column { writer.field("column", column) } else { writer.field("column", nil as String?) }
            writer.field("message", warning.message)
            writer.endObject()
        }
        writer.endArray()
        writer.beginObject("summary")
        writer.field("files", files)
        writer.field("sites", sites.count)
        writer.field("dynamic", dynamicCount)
        writer.field("keys", keys.count)
        writer.beginObject("missing")
        for (language, count) in missingCounts { writer.field(language, count) }
        writer.endObject()
        writer.field("unreferenced", unreferenced.count)
        writer.field("warnings", warnings.count)
        writer.endObject()
        writer.endObject()
        return writer.text
    }
}
