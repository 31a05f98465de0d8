import Foundation
import LabelCore

/// The options every subcommand that reads a store shares, from flags, then
/// `LABEL_SERVER_*` environment variables, then the configuration file.
struct StoreOptions {
    static let valued: Set<String> = ["--strings", "--bundles", "--dev-lang", "--resources"]

    /// The defaults shown are `StoreConfiguration`'s own.
    static var help: String {
        let defaults = StoreConfiguration()
        return """
              --strings DIR      store folder (LABEL_SERVER_STRINGS, default: \(defaults.directory))
              --bundles LIST     bundle order, comma-separated (LABEL_SERVER_BUNDLES, default: \(defaults.bundles.joined(separator: ",")))
              --dev-lang TAG     development language, or `none` (LABEL_SERVER_DEV_LANG, default: \(defaults.developmentLanguage?.rawValue ?? "none"))
              --resources DIR    an app's own folder as a bundle named after it, its *.lproj and *.xcstrings; repeatable, ahead of --bundles; alone without --strings/--bundles (LABEL_SERVER_RESOURCES, default: )
              --config FILE      configuration file, docs/configuration.md; the default only when present (LABEL_SERVER_CONFIG, default: label-server.json)
            """
    }

    /// The same without `--resources`, for `scan`, which reads resources its own way.
    static var helpWithoutResources: String {
        help.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("--resources DIR") }.joined(separator: "\n")
    }

    var configuration: StoreConfiguration

    /// - Parameter directory: the store folder a command's argument names (`lint DIR`), over every layer.
    /// - Parameter readsResources: false where `--resources` means something else (`scan`).
    init(_ scanner: ArgumentScanner, directory argument: String? = nil, readsResources: Bool = true,
         environment: [String: String] = ProcessInfo.processInfo.environment) throws(ArgumentScanner.UsageError) {
        var configuration = StoreConfiguration()
        let directory = argument ?? scanner.value("--strings", variable: "LABEL_SERVER_STRINGS", in: environment)
        if let directory { configuration.directory = directory }
        let bundles = scanner.list("--bundles", variable: "LABEL_SERVER_BUNDLES", in: environment)
        if let bundles {
            let names = bundles.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
            guard !names.isEmpty, names.allSatisfy({ !$0.isEmpty && !$0.contains("/") && $0 != ".." }) else {
                throw .init(description: "--bundles needs a comma-separated list of folder names")
            }
            configuration.bundles = names
        }
        if let development = scanner.value("--dev-lang", variable: "LABEL_SERVER_DEV_LANG", in: environment) {
            if development.lowercased() == "none" {
                configuration.developmentLanguage = nil
            } else if let tag = LanguageTag(development) {
                configuration.developmentLanguage = tag
            } else {
                throw .init(description: "--dev-lang: \"\(development)\" is not a language tag")
            }
        }
        let resources = readsResources ? scanner.all("--resources", variable: "LABEL_SERVER_RESOURCES", in: environment) : []
        if !resources.isEmpty {
            try Self.add(resources, to: &configuration, keepBundles: directory != nil || bundles != nil)
        }
        if bundles != nil {
            try Self.requireFolders(configuration.bundles.filter { configuration.bundleFolders[$0] == nil }, in: configuration.directory)
        }
        self.configuration = configuration
    }
}
