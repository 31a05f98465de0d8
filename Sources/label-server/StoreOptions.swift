import Foundation
import LabelCore

/// The options every subcommand that reads a store shares, from flags or
/// `LABEL_SERVER_*` environment variables (flags win).
struct StoreOptions {
    static let valued: Set<String> = ["--strings", "--bundles", "--dev-lang"]

    /// The defaults shown are `StoreConfiguration`'s own.
    static var help: String {
        let defaults = StoreConfiguration()
        return """
              --strings DIR      store folder (LABEL_SERVER_STRINGS, default: \(defaults.directory))
              --bundles LIST     bundle order, comma-separated (LABEL_SERVER_BUNDLES, default: \(defaults.bundles.joined(separator: ",")))
              --dev-lang TAG     development language, or `none` (LABEL_SERVER_DEV_LANG, default: \(defaults.developmentLanguage?.rawValue ?? "none"))
            """
    }

    var configuration: StoreConfiguration

    init(_ scanner: ArgumentScanner, environment: [String: String] = ProcessInfo.processInfo.environment) throws(ArgumentScanner.UsageError) {
        var configuration = StoreConfiguration()
        if let directory = scanner.value("--strings") ?? environment["LABEL_SERVER_STRINGS"] {
            configuration.directory = directory
        }
        if let bundles = scanner.value("--bundles") ?? environment["LABEL_SERVER_BUNDLES"] {
            let names = bundles.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
            guard !names.isEmpty, names.allSatisfy({ !$0.isEmpty && !$0.contains("/") && $0 != ".." }) else {
                throw .init(description: "--bundles needs a comma-separated list of folder names")
            }
            configuration.bundles = names
        }
        if let development = scanner.value("--dev-lang") ?? environment["LABEL_SERVER_DEV_LANG"] {
            if development.lowercased() == "none" {
                configuration.developmentLanguage = nil
            } else if let tag = LanguageTag(development) {
                configuration.developmentLanguage = tag
            } else {
                throw .init(description: "--dev-lang: \"\(development)\" is not a language tag")
            }
        }
        self.configuration = configuration
    }
}
