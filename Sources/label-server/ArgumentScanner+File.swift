import LabelCore

extension ArgumentScanner {
    /// Options never read from a file: they act on this run alone (`--write-baseline` in
    /// label-server.json would rewrite the baseline on every CI run, disarming the gate).
    static let commandLineOnly: Set<String> = ["--help", "-h", "--config", "--write-baseline"]
    /// Keys that are not their option's name: `serve.state`, as issue 35's example file writes it.
    static let aliases: [String: String] = ["state": "stateDir"]

    /// Fills the file layer from `file`'s members for `section`: a key names the option
    /// `--` + its kebab-case (`maxWords` → `--max-words`); a repeatable option also takes
    /// its plural (`functions` → `--function`). A store option the command does not take
    /// is ignored; any other key it does not know is an error naming it.
    mutating func read(_ file: ConfigurationFile, section: String, valued: Set<String>, flags known: Set<String>,
                       positionalKey: String?, subtrees: Set<String>) throws(UsageError) {
        for (path, value) in file.members(for: section) {
            let key = path.last!
            if key == positionalKey {
                filePositionals = try Self.strings(value, path: path, file: file)
                continue
            }
            if subtrees.contains(key), path.count == 2 {
                fileSubtrees[key] = value
                continue
            }
            let name = Self.optionName(Self.aliases[key] ?? key)
            if known.contains(name), !Self.commandLineOnly.contains(name) {
                guard case .bool(let set) = value else { throw file.error(.wrongType, path, "must be true or false") }
                if set { fileFlags.insert(name) } else { fileFlags.remove(name) }
            } else if valued.contains(name), !Self.commandLineOnly.contains(name) {
                fileValues[name] = try Self.strings(value, path: path, file: file)
            } else if key.hasSuffix("s"), valued.contains(Self.optionName(String(key.dropLast()))) {
                fileValues[Self.optionName(String(key.dropLast()))] = try Self.strings(value, path: path, file: file)
            } else if path.count == 1 {
                continue  // a shared store option this command has no use for
            } else {
                throw file.error(.unknownKey, path, "\(section) has no option \(name)")
            }
        }
    }

    /// `maxWords` → `--max-words`.
    static func optionName(_ key: String) -> String {
        var name = "--"
        for character in key {
            if character.isUppercase {
                name += "-" + character.lowercased()
            } else {
                name.append(character)
            }
        }
        return name
    }

    /// A value as the command line would give it: a string, a number as written, a
    /// boolean as `on`/`off`, or an array of those (a repeatable option's values).
    static func strings(_ value: JSONDocument, path: [String], file: ConfigurationFile) throws(UsageError) -> [String] {
        switch value {
        case .string(let text, _): return [text]
        case .number(let text): return [text]
        case .bool(let set): return [set ? "on" : "off"]
        case .array(let elements):
            return try elements.map { element throws(UsageError) in
                switch element {
                case .string(let text, _): return text
                case .number(let text): return text
                default: throw file.error(.wrongType, path, "must be an array of strings")
                }
            }
        case .null, .object:
            throw file.error(.wrongType, path, "must be a string, a number, a boolean or an array of strings")
        }
    }
}
