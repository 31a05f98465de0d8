import Foundation
import LabelCore

/// A small command-line reader: `--name value`, `--name=value`, flags, positionals.
///
/// The project takes no package dependencies, so this replaces ArgumentParser
/// for the handful of options the subcommands have. A command that names its
/// `section` also reads the configuration file (``ConfigurationFile``) as the layer
/// under its flags: every option it declares gets its file key for free
/// (`--max-words` ↔ `maxWords`; ArgumentScanner+File.swift).
struct ArgumentScanner {
    struct UsageError: Error, CustomStringConvertible {
        var description: String
        /// A stable code where the error has one (a configuration file's: `config-unknown-key`).
        var code: String? = nil
    }

    private var remaining: [String]
    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// The configuration file's layer: values by option name, flags set to true.
    var fileValues: [String: [String]] = [:]
    var fileFlags: Set<String> = []
    /// The file's positionals (`scan.sources`), used when the command line has none.
    var filePositionals: [String] = []
    /// Sections' JSON subtrees a command hands on whole (`lint.rules`), by key.
    var fileSubtrees: [String: JSONDocument] = [:]
    /// The file read, if any (for messages).
    private(set) var configurationPath: String?

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

    /// Reads the command line, then `label-server.json` (or `--config FILE`, or
    /// `LABEL_SERVER_CONFIG`) for `section`: its shared store options and the section's own.
    /// - Parameters:
    ///   - positionalKey: the section's key that holds positionals (`scan.sources`).
    ///   - subtrees: the section's keys handed on as JSON (`lint.rules`).
    init(_ arguments: [String], valued: Set<String>, flags known: Set<String>, section: String,
         positionalKey: String? = nil, subtrees: Set<String> = [],
         environment: [String: String] = ProcessInfo.processInfo.environment) throws(UsageError) {
        try self.init(arguments, valued: valued.union(["--config"]), flags: known)
        guard let file = try ConfigurationFile.locate(arguments: arguments, environment: environment) else { return }
        configurationPath = file.path
        try read(file, section: section, valued: valued, flags: known, positionalKey: positionalKey, subtrees: subtrees)
    }

    /// The last value given for `name` (a later flag overrides an earlier one), else the file's.
    func value(_ name: String) -> String? { values[name]?.last ?? fileValues[name]?.last }
    /// Flag, then environment variable, then file: the order every setting with a variable follows.
    func value(_ name: String, variable: String, in environment: [String: String]) -> String? {
        values[name]?.last ?? environment[variable] ?? fileValues[name]?.last
    }
    /// Flag, then variable, then the file's values joined by commas: a file's array for a
    /// comma-separated option (`"bundles": ["app", "framework"]`).
    func list(_ name: String, variable: String, in environment: [String: String]) -> String? {
        values[name]?.last ?? environment[variable] ?? fileValues[name].map { $0.joined(separator: ",") }
    }
    /// A repeatable option's values from the command line, else its variable (comma-separated), else the file.
    func all(_ name: String, variable: String, in environment: [String: String]) -> [String] {
        values[name] ?? environment[variable].map { $0.split(separator: ",").map(String.init) } ?? fileValues[name] ?? []
    }
    /// Every value given for a repeatable option, in order; the file's when the command line gives none.
    func all(_ name: String) -> [String] { values[name] ?? fileValues[name] ?? [] }
    /// The flag given, or set to `true` in the file.
    func has(_ name: String) -> Bool { flags.contains(name) || fileFlags.contains(name) }
    /// Whether the command line itself gives `name` (not the environment or the file).
    func isOnCommandLine(_ name: String) -> Bool { values[name] != nil || flags.contains(name) }
    /// The command line's positionals, else the file's.
    var effectivePositionals: [String] { positionals.isEmpty ? filePositionals : positionals }
}
