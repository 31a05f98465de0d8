import Foundation
import LabelCore
import LabelImport
import AtomicFile

/// `label-server import FILE... --into DIR`: translated XLIFF back into the store.
enum ImportCommand {
    static let help = """
        NAME
          label-server import — write translated XLIFF into a bundle folder, as Xcode would

        SYNOPSIS
          label-server import FILE... --into DIR [--only ORIGINAL]... [--dev-lang TAG] [--add-new] [--dry-run]
                                 [--format text|json] [--verbose] [--strict] [--lock-timeout SECONDS]

        DESCRIPTION
        Reads XLIFF 1.2 files (or .xcloc folders: their `Localized Contents/*.xliff`) and
        writes each <file> into DIR, one bundle folder of the store (e.g. Strings/app):
          .strings units      → DIR/<lang>.lproj/<Table>.strings
          .stringsdict units  → DIR/<lang>.lproj/<Table>.stringsdict (format, rule and
                                value types from the development language's entry,
                                else the value type from the specifier; width and
                                device variants under their rules)
          .xcstrings units    → the <lang> localizations of DIR/<Table>.xcstrings
        The table is the base name of `original`, the folder the `target-language`
        (an existing folder of the same tag, `pt_BR.lproj`, is kept).

        Existing files are merged: imported keys replaced where they stand, others kept,
        comments and encoding kept (a unit's developer note, <note from="developer"> or
        Xcode's <note> without from, becomes the comment above its .strings entry; a note
        from="label-server" never does; a unit without one keeps it); each file is replaced
        atomically. A unit without
        <target> is not written (an empty <target> is an empty string), nor one in state
        `new` or `needs-translation`; a key in the table's .stringsdict is not written to
        its .strings. Plural categories the XLIFF lacks are not copied from English: the
        report lists the categories each language still needs.

        A unit whose key the development language's table lacks is not written (as Xcode
        does not write it); the report counts these once (new-keys-skipped). With --add-new
        the key is added to the development language too: the unit's <source> as its value,
        its developer note as its comment (a String Catalog: the key's comment), checked
        as every other value. A new plural key whose units cannot make a whole
        development-language entry (no format, a category the development language needs,
        a width/device variant) is refused: new-plural-incomplete; one from a <file> whose
        source-language is another language: source-language-differs.

        A unit that fails a check is refused, reported as an error with its code, and
        not written; the rest of the file is imported:
          placeholder-mismatch  its format arguments differ from the source's (count,
                                order, types, %n$ positions)
          undefined-variable    a .stringsdict format or variant names a %#@variable@
                                its entry does not define (the entry's units are refused)
          entry-refused         another unit of the same .stringsdict entry was refused
          non-xml-character     its target, key or note holds U+FFFE or U+FFFF (no
                                plist or XLIFF can hold them)
        Any refused XLIFF (malformed XML, a DTD or entity, over 64 MiB, an unknown id
        form, a bad language tag, a path-like `original`) or unmergeable output file
        means nothing is written. docs/import.md describes the report and its JSON.

        OPTIONS:
          --into DIR         the bundle folder to write into (required unless --resources names one folder)
          --resources DIR    the app's resources folders (repeatable): without --into, written into
                             the one that holds the files' tables (the first when none does)
          --config FILE      configuration file (LABEL_SERVER_CONFIG, default: label-server.json
                             when present): the import section, docs/configuration.md
          --only ORIGINAL    import only the <file>s whose `original` is ORIGINAL or lies under it
                             (repeatable; an .xcloc of a whole project holds several bundles'
                             tables of one name); the others are reported `ignored`
          --dev-lang TAG     the development language (LABEL_SERVER_DEV_LANG; `none`: each file's
                             source-language, the default, else en;
                             a String Catalog's is its sourceLanguage)
          --add-new          add keys the development language lacks to it (the <source> as value)
                             as well as to the target language, instead of skipping them
          --dry-run          report what would change; write nothing
          --format FORMAT    text (default: a summary, then the findings) or json (every unit)
          --verbose          text: also each <file> and every skipped unit
          --strict           all or nothing: any finding (a refused unit, an unknown key,
                             a language named twice, an unknown file kind) and nothing
                             at all is written, exit 1
          --lock-timeout SECONDS
                             wait at most this long for another import into DIR to finish
                             (default 60; 0: fail at once; at most 86400); one run writes
                             into DIR at a time (DIR/.label-server.lock)
          -h, --help         show this help

        EXIT STATUS
          0 imported (or would import; refused units are reported, the rest written; units
            skipped, also for a key new to the development language, are not an error),
          1 refused, failed, or any finding under --strict (nothing written),
          2 on bad usage.

        EXAMPLES
          label-server import ru.xliff --into Strings/app --dry-run
          label-server import de.xliff --into Strings/app --add-new
          label-server import Localizations/*.xcloc --into Strings/app --strict --format json
        """

    static func run(_ arguments: [String]) -> Int32 {
        do throws(ArgumentScanner.UsageError) {
            let scanner = try ArgumentScanner(arguments, valued: ["--into", "--dev-lang", "--format", "--only", "--lock-timeout", "--resources"],
                                              flags: ["--dry-run", "--strict", "--add-new", "--verbose", "--help", "-h"], section: "import")
            if scanner.has("--help") || scanner.has("-h") {
                print(help)
                return 0
            }
            guard !scanner.positionals.isEmpty else { throw ArgumentScanner.UsageError(description: "import needs at least one FILE (see --help)") }
            let into = try destination(scanner)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: into, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ArgumentScanner.UsageError(description: "--into \(into) is not a folder")
            }
            // --strict is all or nothing: the plan then writes nothing when there is any finding.
            var options = Importer.Options(originals: scanner.all("--only"), strict: scanner.has("--strict"), addNew: scanner.has("--add-new"))
            // Flag, variable, file; `none` (as the store options take it) keeps each file's source-language.
            if let text = scanner.value("--dev-lang", variable: "LABEL_SERVER_DEV_LANG", in: ProcessInfo.processInfo.environment),
               text.lowercased() != "none" {
                guard let tag = LanguageTag(text) else { throw ArgumentScanner.UsageError(description: "--dev-lang \(text) is not a language tag") }
                options.developmentLanguage = tag
            }
            let format = scanner.value("--format") ?? "text"
            guard format == "text" || format == "json" else { throw ArgumentScanner.UsageError(description: "--format must be text or json") }
            let timeout = try lockTimeout(scanner.value("--lock-timeout"))
            return withStoreLock(into, timeout: timeout, dryRun: scanner.has("--dry-run")) {
                execute(scanner.positionals, into: into, options: options, dryRun: scanner.has("--dry-run"),
                        json: format == "json", strict: scanner.has("--strict"), verbose: scanner.has("--verbose"))
            }
        } catch {
            CommandLine.fail(error.description)
            return 2
        }
    }

    /// `--into`, else the one `--resources` folder, else among several the one holding the
    /// tables the files name (ImportCommand+Resources.swift). Flag, then variable, then file,
    /// as every option: the file's `import.into` yields to `--resources` on the command line
    /// and to `LABEL_SERVER_RESOURCES` (and wins over the file's own `resources`).
    static func destination(
        _ scanner: ArgumentScanner, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ArgumentScanner.UsageError) -> String {
        if scanner.isOnCommandLine("--into"), let into = scanner.value("--into") { return into }
        let resourcesAbove = scanner.isOnCommandLine("--resources") || environment["LABEL_SERVER_RESOURCES"] != nil
        if !resourcesAbove, let into = scanner.value("--into") { return into }
        let resources = scanner.all("--resources", variable: "LABEL_SERVER_RESOURCES", in: environment)
        for folder in resources { try StoreOptions.requireFolder(folder, option: "--resources") }
        guard let first = resources.first else { throw ArgumentScanner.UsageError(description: "import needs --into DIR (or --resources DIR)") }
        return resources.count == 1 ? first : try folder(holding: scanner.positionals, among: resources)
    }

    private static func execute(_ files: [String], into: String, options: Importer.Options, dryRun: Bool, json: Bool, strict: Bool,
                                verbose: Bool) -> Int32 {
        let report: ImportReport
        var failure: String?
        do throws(ImportError) {
            report = try Import.run(files, into: URL(fileURLWithPath: into), options: options, dryRun: dryRun)
        } catch {
            report = error.report
            failure = error.description
        }
        print(json ? ImportReportRendering.json(report, into: into) : ImportReportRendering.text(report, verbose: verbose))
        if let failure { CommandLine.fail(failure) }
        if report.isRefused || failure != nil { return 1 }
        return strict && !report.findings.isEmpty ? 1 : 0
    }
}
