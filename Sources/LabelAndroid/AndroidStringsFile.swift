package import LabelCore

/// One `strings.xml`: a folder's values of one table, converted, with the report of
/// what was left out.
package struct AndroidStringsFile: Sendable {
    /// Converted values by resource name, in key order.
    package private(set) var values: [(name: String, key: String, value: AndroidValue)] = []
    package private(set) var refusals: [AndroidRefusal] = []

    package init() {}

    /// Converts `items` (key, value) for `language`'s folder; keys without a name
    /// (collisions, reported once by ``AndroidResourceNames``) are skipped.
    package init(table: String, language: LanguageTag, items: [(key: String, string: LocalizedString)],
                names: (String) -> String?) {
        values.reserveCapacity(items.count)
        for (key, string) in items {
            guard let name = names(key) else { continue }
            let conversion = AndroidConverter.convert(string, language: language)
            for problem in conversion.problems {
                refusals.append(AndroidRefusal(problem.severity, problem.reason, table: table, key: key, language: language,
                                               category: problem.category, message: problem.message))
            }
            if let value = conversion.value { values.append((name, key, value)) }
        }
    }

    /// Adds a value converted elsewhere (the development folder's defaults).
    package mutating func append(name: String, key: String, value: AndroidValue) {
        values.append((name, key, value))
    }

    package mutating func append(_ refusal: AndroidRefusal) { refusals.append(refusal) }

    /// Drops the values of `keys`.
    package mutating func remove(keys: Set<String>) {
        values.removeAll { keys.contains($0.key) }
    }

    /// Turns the `<string>` values of `keys` into `<plurals>` with the same text for
    /// every one of `categories` (a format, as `getQuantityString` with arguments reads it).
    package mutating func promote(keys: Set<String>, categories: [PluralCategory]) {
        for index in values.indices where keys.contains(values[index].key) {
            guard case .string(let text, let formatted, let spans) = values[index].value else { continue }
            let format = formatted ? text : JavaFormat.literal(text)
            // `%` doubled: each span's offsets move past the extra characters.
            let moved = formatted ? spans : spans.map { $0.doublingPercent(in: text) }
            values[index].value = .plurals(categories.map { ($0, format) },
                                           spans: moved.isEmpty ? [:] : Dictionary(uniqueKeysWithValues: categories.map { ($0, moved) }))
        }
    }

    /// The XML: `<resources>` with one `<string>` or `<plurals>` per value; `header`
    /// lines become a leading comment (made comment-safe).
    package func xml(header: [String] = []) -> [UInt8] {
        // Written as bytes: a String then copied to an array held the file twice.
        var out: [UInt8] = []
        func add(_ text: String) { out.append(contentsOf: text.utf8) }
        add("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n")
        if !header.isEmpty {
            add("<!--\n")
            for line in header { add("  " + AndroidEscaping.commentText(line) + "\n") }
            add("-->\n")
        }
        add("<resources>\n")
        for (name, _, value) in values {
            switch value {
            case .string(let text, let formatted, let spans):
                add("    <string name=\"\(name)\"")
                if !formatted { add(" formatted=\"false\"") }
                add(">")
                add(AndroidEscaping.elementText(text, spans: spans))
                add("</string>\n")
            case .plurals(let items, let spans):
                add("    <plurals name=\"\(name)\">\n")
                for (category, text) in items {
                    add("        <item quantity=\"\(category.rawValue)\">")
                    add(AndroidEscaping.elementText(text, spans: spans[category] ?? []))
                    add("</item>\n")
                }
                add("    </plurals>\n")
            }
        }
        add("</resources>\n")
        return out
    }
}

extension AndroidStringsFile {
    /// Back in key order after appending.
    package mutating func sort() {
        values.sort { $0.key < $1.key }
    }
}
