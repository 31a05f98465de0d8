import Foundation

/// The entry point: dispatches subcommands.
@main
enum LabelServerCommand {
    static let help = """
        NAME
          label-server — localized accessibility strings (VoiceOver labels and hints) for mobile apps

        SYNOPSIS
          label-server [serve] [OPTIONS]
          label-server resolve KEY [--lang TAG] [--count N] [--arg VALUE]... [--json]
          label-server lint [DIR] [--max-words N] [--format text|json] [--strict]
          label-server import FILE... --into DIR [--only ORIGINAL]... [--dev-lang TAG] [--dry-run] [--format text|json] [--strict]
          label-server export android --out RES [--table NAME]... [--format text|json]
          label-server scan [PATH...] [--strings DIR | --resources DIR...] [--function NAME[:LABEL]]... [--format text|json|xliff|strings] [--strict]

        DESCRIPTION
          Reads Apple string files (.strings, .stringsdict, .xcstrings) from a store folder,
          resolves keys through app bundle → framework bundle → the key itself, language by
          language, and renders CLDR plurals and Apple format specifiers.

          Every command also reads label-server.json in the working directory (or --config FILE,
          or LABEL_SERVER_CONFIG): the store options and a section per command; flags win over
          environment variables, which win over the file (docs/configuration.md). --resources DIR
          (repeatable) reads an app's own folders as bundles, as the app ships them.

        SUBCOMMANDS
          serve          serve the HTTP API (the default; see `label-server serve --help`)
          resolve KEY    resolve and render one label (see `label-server resolve --help`)
          lint [DIR]     check a store for app teams' CI (see `label-server lint --help`)
          import FILE... write translated XLIFF into a bundle folder (see `label-server import --help`)
          export android write the store as Android res/values*/strings.xml (see `label-server export --help`)
          scan [PATH...] the keys an app's code uses, against the store (see `label-server scan --help`)

        EXAMPLES
          label-server serve --port 8080 --strings Strings
          label-server resolve coins.count --lang de --count 3
          label-server lint Strings --max-words 7
          label-server import ru.xliff --into Strings/app
          label-server scan App --strings Strings --function platformButton:label --strict
        """

    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--help"] || arguments == ["-h"] {
            print(help)
            exit(0)
        }
        let subcommand = arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "serve"
        if arguments.first == subcommand { arguments.removeFirst() }
        let status: Int32
        switch subcommand {
        case "resolve":
            status = ResolveCommand.run(arguments)
        case "lint":
            status = LintCommand.run(arguments)
        case "import":
            status = ImportCommand.run(arguments)
        case "export":
            status = ExportCommand.run(arguments)
        case "scan":
            status = ScanCommand.run(arguments)
        case "serve":
            status = ServeCommand.run(arguments)
        case "help":
            print(help)
            status = 0
        default:
            CommandLine.fail("unknown subcommand \(subcommand) (see --help)")
            status = 2
        }
        exit(status)
    }
}
