/// Writes Apple `.stringsdict` files (XML property lists, as Xcode writes them) of
/// plural strings, so that what the service and the client produce reads back
/// with ``StringsDictParser`` and with Foundation's own bundle lookup.
///
/// Each key becomes `NSStringLocalizedFormatKey` (the template) plus one
/// `NSStringPluralRuleType` dictionary per variable. A variable whose argument a
/// String Catalog fixes (`argNum`) is written positionally (`%1$#@coins@`), the
/// only way a `.stringsdict` can say which argument it reads.
package enum StringsDictFileWriter {
    /// The whole file: `entries` in the order given, keys of inner dictionaries
    /// sorted as Foundation's writer sorts them (by UTF-16 code units).
    package static func document(_ entries: [(key: String, string: LocalizedString)]) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
        for (key, string) in entries where string.isPlural {
            text += "\t<key>\(escaped(key))</key>\n\t<dict>\n"
            var fields: [(String, String?)] = [("NSStringLocalizedFormatKey", nil)]
            fields += string.variables.keys.map { ($0, $0) }
            for (name, variable) in fields.sorted(by: { $0.0.utf16.lexicographicallyPrecedes($1.0.utf16) }) {
                text += "\t\t<key>\(escaped(name))</key>\n"
                guard let variable else {
                    text += "\t\t<string>\(escaped(positional(string.template, string.variables)))</string>\n"
                    continue
                }
                text += self.variable(string.variables[variable]!, all: string.variables)
            }
            text += "\t</dict>\n"
        }
        return text + "</dict>\n</plist>\n"
    }

    private static func variable(_ variable: PluralVariable, all: [String: PluralVariable]) -> String {
        var fields: [(String, String)] = [("NSStringFormatSpecTypeKey", "NSStringPluralRuleType")]
        if let valueType = variable.valueType { fields.append(("NSStringFormatValueTypeKey", valueType)) }
        for (category, text) in variable.variants { fields.append((category.rawValue, positional(text, all))) }
        var text = "\t\t<dict>\n"
        for (name, value) in fields.sorted(by: { $0.0.utf16.lexicographicallyPrecedes($1.0.utf16) }) {
            text += "\t\t\t<key>\(escaped(name))</key>\n\t\t\t<string>\(escaped(value))</string>\n"
        }
        return text + "\t\t</dict>\n"
    }

    /// `%#@name@` → `%N$#@name@` for each variable with an ``PluralVariable/argumentNumber``.
    static func positional(_ template: String, _ variables: [String: PluralVariable]) -> String {
        guard variables.values.contains(where: { $0.argumentNumber != nil }), template.contains("%#@") else { return template }
        var out = ""
        for token in FormatToken.tokens(in: template) {
            if case .substitution(let substitution) = token, substitution.position == nil,
               let number = variables[substitution.name]?.argumentNumber {
                out += "%\(number)$#@\(substitution.name)@"
            } else {
                out += token.source
            }
        }
        return out
    }

    /// Text as a property list's character data (LabelCore's one XML escaper).
    private static func escaped(_ text: String) -> String { XMLEscaping.escaped(text, .propertyListText) }
}
