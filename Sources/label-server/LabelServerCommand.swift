import Foundation

/// The entry point: dispatches subcommands.
@main
enum LabelServerCommand {
    static let help = """
        label-server — localized accessibility strings (VoiceOver labels and hints) for mobile apps.

        USAGE: label-server [SUBCOMMAND] [OPTIONS]

        SUBCOMMANDS:
          resolve KEY    resolve and render one label (see `label-server resolve --help`)
          lint [DIR]     check a store for app teams' CI (see `label-server lint --help`)
          serve          serve the HTTP API (the default; see `label-server serve --help`)

        Run `label-server SUBCOMMAND --help` for a subcommand's options.
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
