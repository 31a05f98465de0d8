/// A small command-line reader: `--name value`, `--name=value`, flags, positionals.
///
/// The project takes no package dependencies, so this replaces ArgumentParser
/// for the handful of options the subcommands have.
struct ArgumentScanner {
    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    private var remaining: [String]
    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// Splits `arguments` using the sets of options that take a value and flags that do not.
    init(_ arguments: [String], valued: Set<String>, flags known: Set<String>) throws(UsageError) {
        remaining = arguments
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positionals += arguments[index...]
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                positionals.append(argument)
                continue
            }
            var name = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            if valued.contains(name) {
                if let inline {
                    values[name, default: []].append(inline)
                } else {
                    guard index < arguments.count else { throw UsageError(description: "\(name) needs a value") }
                    values[name, default: []].append(arguments[index])
                    index += 1
                }
            } else if known.contains(name), inline == nil {
                flags.insert(name)
            } else {
                throw UsageError(description: "unknown option \(name)")
            }
        }
    }

    /// The last value given for `name` (a later flag overrides an earlier one).
    func value(_ name: String) -> String? { values[name]?.last }
    /// Every value given for a repeatable option, in order.
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }
}
