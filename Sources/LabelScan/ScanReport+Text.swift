/// The text report: per table and language the missing keys with the first use, then
/// the unreferenced keys, then a summary line.
extension ScanReport {
    package func text() -> String {
        var lines: [String] = []
        // `keys` is sorted by table, then key: each table's keys are one run of it, walked
        // in place (grouping them into a dictionary copied every key with its first site).
        var start = keys.startIndex
        while start < keys.endIndex {
            let table = keys[start].table
            let end = keys[start...].firstIndex { $0.table != table } ?? keys.endIndex
            let tableKeys = keys[start..<end]
            start = end
            for language in languages {
                let missing = tableKeys.filter { $0.missing.contains(language) }
                guard !missing.isEmpty else { continue }
                lines.append("\(table) [\(language)]: \(missing.count) key\(missing.count == 1 ? "" : "s") missing")
                for key in missing {
                    lines.append("  \(key.firstSite.file):\(key.firstSite.line): \(Self.quoted(key.key))")
                }
            }
        }
        if !unreferenced.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append("Unreferenced (\(developmentLanguage ?? "development language") keys no site uses):")
            for entry in unreferenced {
                lines.append("  \(entry.table): \(Self.quoted(entry.key))\(entry.possibly ? " (possibly: the table has dynamic sites)" : "")")
            }
        }
        let dynamic = sites.filter { $0.kind == .dynamic }
        if !dynamic.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append("Dynamic sites (keys computed at run time):")
            for site in dynamic { lines.append("  \(site.file):\(site.line):\(site.column): \(site.callee)") }
        }
        if !warnings.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append("Warnings:")
            for warning in warnings { lines.append("  \(warning) [\(warning.code.rawValue)]") }
        }
        if !lines.isEmpty { lines.append("") }
        let missing = missingCounts.filter { $0.count > 0 }.map { "\($0.language) \($0.count)" }
        lines.append("\(files) files, \(sites.count) sites (\(dynamicCount) dynamic), \(keys.count) keys, missing: "
            + (missing.isEmpty ? "none" : missing.joined(separator: ", ")) + ", \(unreferenced.count) unreferenced"
            + (warnings.isEmpty ? "" : ", \(warnings.count) warning\(warnings.count == 1 ? "" : "s")"))
        return lines.joined(separator: "\n")
    }

    /// A key in double quotes, with control characters and quotes escaped.
    static func quoted(_ key: String) -> String {
        var out = "\""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}
