import Foundation
import LabelAndroid
import LabelCore

/// `label-server export android`: the store as an Android `res/` tree.
enum ExportCommand {
    static let help = """
        NAME
          label-server export android — the store as Android string resources (TalkBack)

        SYNOPSIS
          label-server export android --out RES [--table NAME]... [--format text|json] [--strings DIR] [--bundles LIST] [--dev-lang TAG] [--pseudo-locales on|off]

        DESCRIPTION
          Writes RES/values/strings.xml (the development language: the default every key
          needs) and one RES/values-QUALIFIER/strings.xml per other language of the store
          (values-de, values-de-rAT, values-b+sr+Latn, values-iw for he), each holding every
          key the language's Apple chain resolves to: <string> and <plurals> that aapt2
          compiles and whose decoded values equal the Apple side's. Tables other than
          Localizable go to strings_<table>.xml. Keys become resource names
          (control.close.label → control_close_label). The pseudo-locales go to
          values-en-rXA and values-ar-rXB (aapt then keeps them instead of generating its own).

          The report on standard output lists every key, language and plural category
          that could not be converted, with the reason; --format json adds the key →
          resource-name mapping per table (docs/android.md).

        OPTIONS:
          --out RES          the res/ folder to write (created; files are replaced)
          --table NAME       export only this table (repeatable; default: every table)
          --format FORMAT    text (default) or json
        \(PseudoLocaleOption.help)
        \(StoreOptions.help)
          -h, --help         show this help

        EXIT STATUS
          0 when nothing was refused (warnings allowed), 1 when something was refused
          (an error in the report) or a file could not be written, 2 on bad usage.

        EXAMPLES
          label-server export android --out app/src/main/res
          label-server export android --strings Strings --out build/res --format json > android.json
        """

    static func run(_ arguments: [String]) -> Int32 {
        do throws(ArgumentScanner.UsageError) {
            let scanner = try ArgumentScanner(arguments, valued: StoreOptions.valued.union(["--out", "--table", "--format", PseudoLocaleOption.flag]),
                                              flags: ["--help", "-h"], section: "export")
            if scanner.has("--help") || scanner.has("-h") || scanner.positionals == ["help"] {
                print(help)
                return 0
            }
            guard scanner.positionals == ["android"] else {
                throw ArgumentScanner.UsageError(description: "export takes one target, android (see export --help)")
            }
            guard let out = scanner.value("--out"), !out.isEmpty else {
                throw ArgumentScanner.UsageError(description: "export android needs --out RES")
            }
            let format = scanner.value("--format") ?? "text"
            guard format == "text" || format == "json" else {
                throw ArgumentScanner.UsageError(description: "--format must be text or json")
            }
            var options = try StoreOptions(scanner)
            try PseudoLocaleOption.apply(scanner, to: &options.configuration)
            let tables = scanner.all("--table")
            return execute(options.configuration, out: out, tables: tables.isEmpty ? nil : tables, json: format == "json")
        } catch {
            CommandLine.fail(error.description)
            return 2
        }
    }

    private static func execute(_ configuration: StoreConfiguration, out: String, tables: [String]?, json: Bool) -> Int32 {
        let store: LoadedStore
        do {
            store = try StoreLoader.load(configuration)
        } catch {
            CommandLine.fail("cannot load the store:\n\(error)")
            return 1
        }
        if let tables, let unknown = tables.first(where: { !store.catalog.tables.contains($0) }) {
            CommandLine.fail("--table \(unknown): the store has no such table (it has \(store.catalog.tables.joined(separator: ", ")))")
            return 2
        }
        let export = AndroidExport(catalog: store.catalog, tables: tables)
        do {
            try write(export.files, to: out)
        } catch {
            CommandLine.fail("cannot write \(out): \(error)")
            return 1
        }
        print(json ? export.report.json(out: out) : export.report.text(out: out))
        return export.report.errorCount > 0 ? 1 : 0
    }

    /// Each file replaced whole (written beside, then renamed), folders created.
    private static func write(_ files: [AndroidExport.File], to out: String) throws {
        let root = URL(fileURLWithPath: out, isDirectory: true)
        var made = Set<String>()
        for file in files {
            let url = root.appendingPathComponent(file.path)
            let folder = url.deletingLastPathComponent()
            if made.insert(folder.path).inserted {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            try file.bytes.withUnsafeBufferPointer { try Data(buffer: $0).write(to: url, options: .atomic) }
        }
    }
}
