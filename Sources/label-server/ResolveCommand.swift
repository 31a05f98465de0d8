import LabelCore

/// `label-server resolve KEY`: one label from the command line, as the API renders it.
enum ResolveCommand {
    static let help = """
        NAME
          label-server resolve — resolve and render one label without a server

        SYNOPSIS
          label-server resolve KEY [--lang TAG] [--table NAME] [--count N] [--arg VALUE]... [--json] [--pseudo-locales on|off]

        DESCRIPTION
        Resolves KEY through the language chain (the tag and the store folders Bundle
        would match for it: truncations, CLDR parents and likely subtags, legacy aliases;
        then the development language; within each language app before framework; else
        the key itself) and prints the rendered value. Numbers are written in the
        requested locale (language and region) when the value is in its language, else
        in the value's language with the requested region.

        OPTIONS:
          --lang TAG         requested language, BCP 47 (`de-AT`, `pt_BR`); default: development language
          --table NAME       table, the file base name (default: Localizable)
          --count N          argument 1, also the plural count
          --arg VALUE        the next argument; repeat for more
          --json             print the JSON object GET /labels/{key} returns, plus `chain`:
                             the languages tried, in order (`source` names the folder used,
                             `numberLocale` the locale numbers were written in)
        \(PseudoLocaleOption.help)
        \(StoreOptions.help)
          -h, --help         show this help

        EXIT STATUS
          0 on success (also when the value is the key itself), 1 when the store cannot be
          loaded, 2 on bad input (unknown option, malformed language tag, missing or
          mistyped argument).

        EXAMPLES
          label-server resolve coins.count --lang de --count 1          # 1 Münze
          label-server resolve selection.count --lang pl --count 3 --arg 10
          label-server resolve coins.count --lang de-AT --count 1000 --json
          label-server resolve coins.count --lang en-XA --count 3       # [»3« çöîñš one two]
        """

    static func run(_ arguments: [String]) -> Int32 {
        do {
            let scanner = try ArgumentScanner(
                arguments,
                valued: StoreOptions.valued.union(["--lang", "--table", "--count", "--arg", PseudoLocaleOption.flag]),
                flags: ["--json", "--help", "-h"], section: "resolve"
            )
            if scanner.has("--help") || scanner.has("-h") {
                print(help)
                return 0
            }
            guard scanner.positionals.count == 1, let key = scanner.positionals.first else {
                throw ArgumentScanner.UsageError(description: "resolve takes exactly one KEY (see --help)")
            }
            var options = try StoreOptions(scanner)
            try PseudoLocaleOption.apply(scanner, to: &options.configuration)
            var preferred: [LanguageTag] = []
            if let lang = scanner.value("--lang") {
                guard let tag = LanguageTag(lang) else {
                    throw ArgumentScanner.UsageError(description: "--lang: \"\(lang)\" is not a well-formed language tag")
                }
                preferred = [tag]
            }
            let table = scanner.value("--table") ?? "Localizable"
            guard TableName.isValid(table) else {
                throw ArgumentScanner.UsageError(description: "--table: \"\(table)\" is not a table name")
            }
            var values: [String] = []
            if let count = scanner.value("--count") { values.append(count) }
            values += scanner.all("--arg")

            let store: LoadedStore
            do {
                store = try StoreLoader.load(options.configuration)
            } catch {
                CommandLine.fail("cannot load the store:\n\(error)")
                return 1
            }
            let resolver = LabelResolver(catalog: store.catalog)
            let chain = resolver.chain(preferred: preferred)
            let label = try resolver.label(key: key, table: table, chain: chain, arguments: values)
            print(scanner.has("--json") ? label.json(chain: chain) : label.value)
            return 0
        } catch let error as ArgumentScanner.UsageError {
            CommandLine.fail(error.description)
            return 2
        } catch let error as FormatError {
            CommandLine.fail(error.description)
            return 2
        } catch {
            CommandLine.fail("\(error)")
            return 2
        }
    }
}
