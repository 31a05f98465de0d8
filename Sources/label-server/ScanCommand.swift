import Foundation
import LabelCore
import LabelScan
import LabelServer
import LabelTranslators
import MissingKeys

/// `label-server scan [PATH...]`: the keys an app's code asks for, against the store.
enum ScanCommand {
    static let help = """
        NAME
          label-server scan — the keys an app's code asks for, against the store, per language

        SYNOPSIS
          label-server scan [PATH...] [--strings DIR --bundles LIST | --resources DIR...] [--dev-lang TAG]
                            [--function NAME[:LABEL]]... [--exclude GLOB]... [--format text|json|xliff|strings]
                            [--lang TAG] [--strict]

        DESCRIPTION
        Scans .swift, .m, .mm and .h files under each PATH (default .; .build, Pods,
        Carthage, DerivedData and hidden folders skipped unless named) for the keys
        the code asks for: NSLocalizedString and its Objective-C forms,
        String(localized:), LocalizedStringResource, LocalizedStringKey,
        Bundle.localizedString(forKey:value:table:), SwiftUI views and modifiers
        taking a LocalizedStringKey (Text, Button, .accessibilityLabel, …), App
        Intents' @Parameter(title:), declarations typed LocalizedStringResource,
        AppShortcut phrases, and SwiftGen accessors (L10n.Settings.title) when the
        generated file is scanned. Then reports, per language of the store, the keys
        it lacks, and the development-language keys no code uses.

        An interpolated literal (Text("\\(n) items")) is matched against the store
        by pattern (any specifier where an interpolation stands); a computed key
        (NSLocalizedString(name, comment: "")) is a dynamic site: listed, never guessed.
        docs/scan.md has the JSON schema and every recognised form.

        OPTIONS:
          --function NAME[:LABEL]  an app's own wrapper: platformButton:label (the argument
                                   labelled label is a key), L (its first argument),
                                   localized (also "key".localized); repeatable
          --exclude GLOB           skip files and folders matching GLOB (repeatable)
          --resources DIR          the store as an app's resources: every *.lproj and
                                   *.xcstrings under DIR (repeatable; instead of --strings)
          --format FORMAT          text (default), json, or xliff / strings: the keys --lang
                                   lacks, in exactly the files GET /missing exports
          --lang TAG               the language for xliff and strings (xliff: its target-language;
                                   a key the development language lacks has as <source> the
                                   call's value:/defaultValue: literal, else the key itself)
          --strict                 exit 1 when a used key is missing in some language, or
                                   when a table or source file could not be read
        \(StoreOptions.helpWithoutResources)
          -h, --help               show this help

        Without --strings, --resources or LABEL_SERVER_STRINGS, no store is read: the
        sites and keys are listed and nothing is missing.

        EXIT STATUS
          0 (with --strict: when no used key is missing and everything was read), 1 with
          --strict when a used key is missing in some language or a warning says part of
          the input went unread, 2 on bad usage (a PATH that does not exist) or a store
          folder that cannot be read. A table or source file that cannot be read (or is
          not UTF-8, or nests interpolations more than 256 deep) is a warning with a code,
          on standard error and in the report, which is still written.

        EXAMPLES
          label-server scan App --resources App --format json > scan.json
          label-server scan Sources --strings Strings --function platformButton:label --strict
          label-server scan Sources --strings Strings --format xliff --lang es > es.xliff
        """

    static func run(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        do throws(ArgumentScanner.UsageError) {
            let scanner = try ArgumentScanner(
                arguments,
                valued: StoreOptions.valued.union(["--resources", "--function", "--exclude", "--format", "--lang"]),
                flags: ["--strict", "--help", "-h"], section: "scan", positionalKey: "sources", environment: environment
            )
            if scanner.has("--help") || scanner.has("-h") {
                print(help)
                return 0
            }
            let format = scanner.value("--format") ?? "text"
            guard ["text", "json", "xliff", "strings"].contains(format) else {
                throw ArgumentScanner.UsageError(description: "--format must be text, json, xliff or strings")
            }
            let language = try exportLanguage(scanner, format: format)
            var options = Scan.Options()
            if !scanner.effectivePositionals.isEmpty { options.paths = scanner.effectivePositionals }
            // A PATH that does not exist is a typo in the command, not an empty app.
            for path in options.paths where !FileManager.default.fileExists(atPath: path) {
                throw ArgumentScanner.UsageError(description: "\(path): no such file or folder")
            }
            options.excludes = scanner.all("--exclude")
            options.callees = CalleeTable(wrappers: try scanner.all("--function").map { text throws(ArgumentScanner.UsageError) in
                guard let wrapper = CalleeTable.Wrapper(text) else {
                    throw ArgumentScanner.UsageError(description: "--function \(text): expected NAME or NAME:LABEL (identifiers)")
                }
                return wrapper
            })
            options.store = try storeSource(scanner, environment: environment)
            let report: ScanReport
            do throws(ScanError) { report = try Scan.run(options) } catch {
                throw ArgumentScanner.UsageError(description: "cannot read the store: \(error.description)")
            }
            for warning in report.warnings {
                FileHandle.standardError.write(text: "label-server: warning: \(warning) [\(warning.code.rawValue)]\n")
            }
            switch format {
            case "json": print(report.json())
            case "xliff", "strings": FileHandle.standardOutput.write(text: export(report, format: format, language: language!,
                                                                                 catalog: report.catalog))
            default: print(report.text())
            }
            return scanner.has("--strict") && (report.hasMissing || report.isIncomplete) ? 1 : 0
        } catch {
            CommandLine.fail(error.description)
            return 2
        }
    }

    static func exportLanguage(_ scanner: ArgumentScanner, format: String) throws(ArgumentScanner.UsageError) -> LanguageTag? {
        guard format == "xliff" || format == "strings" else { return nil }
        guard let text = scanner.value("--lang") else {
            throw ArgumentScanner.UsageError(description: "--format \(format) needs --lang TAG")
        }
        guard let tag = LanguageTag(text) else {
            throw ArgumentScanner.UsageError(description: "--lang: \"\(text)\" is not a language tag")
        }
        return tag
    }

    /// `--strings` on the command line, else `--resources` (flag or file), else the server's
    /// layout when `--strings` is set by its variable or the file, else no store.
    static func storeSource(_ scanner: ArgumentScanner, environment: [String: String]) throws(ArgumentScanner.UsageError) -> Scan.StoreSource {
        if scanner.isOnCommandLine("--resources") && scanner.isOnCommandLine("--strings") {
            throw ArgumentScanner.UsageError(description: "--resources and --strings are two stores: give one")
        }
        let resources = scanner.isOnCommandLine("--strings") ? [] : scanner.all("--resources")
        // Scan reads its resources its own way (every *.lproj under each folder), not as bundles.
        let configuration = try StoreOptions(scanner, readsResources: false, environment: environment).configuration
        if !resources.isEmpty { return .resources(resources, developmentLanguage: configuration.developmentLanguage) }
        let hasStrings = scanner.value("--strings", variable: "LABEL_SERVER_STRINGS", in: environment) != nil
        return hasStrings ? .layout(configuration) : .none
    }

    /// The keys `language` lacks as `/missing` exports them: one entry per key, its hits
    /// the number of sites, served from the development language when it has the key; the
    /// developer's note is the first call site's `comment:`, else the store's comment.
    static func export(_ report: ScanReport, format: String, language: LanguageTag, catalog: Catalog, now: Date = Date()) -> String {
        let development = catalog.developmentLanguage
        // An empty key (`Text("")`) is nothing to translate, and no XLIFF id: import
        // refuses a file holding one, so it would block the whole language.
        let entries = report.keys.filter { !$0.key.isEmpty && $0.missing.contains(language.rawValue) }.map { key in
            let served = development.flatMap { tag in
                catalog.entry(key: key.key, table: key.table, language: tag).map { "\($0.bundle)/\(tag.rawValue)" }
            } ?? "key"
            return MissingReport.Entry(key: key.key, table: key.table, requested: language.rawValue, servedFrom: served,
                                       hits: key.sites, firstSeen: now, lastSeen: now)
        }
        let missing = MissingReport(entries: entries, since: now)
        var defaults: [Catalog.Key: String] = [:]
        for key in report.keys { if let value = key.defaultValue { defaults[Catalog.Key(table: key.table, key: key.key)] = value } }
        let source = { (table: String, key: String) in defaults[Catalog.Key(table: table, key: key)] }
        let comments = report.siteComments
        let comment = { (table: String, key: String) in comments[Catalog.Key(table: table, key: key)] }
        let bytes = format == "xliff" ? MissingExport.xliff(missing, catalog: catalog, comment: comment, defaultSource: source)
            : MissingExport.strings(missing, catalog: catalog, comment: comment, defaultSource: source)
        return String(decoding: bytes, as: UTF8.self)
    }
}
