import Foundation

/// The entry point: dispatches subcommands.
@main
enum LabelServerCommand {
    static let help = """
        label-server — localized accessibility strings (VoiceOver labels and hints) for mobile apps.

        USAGE: label-server [SUBCOMMAND] [OPTIONS]

        SUBCOMMANDS:
          resolve KEY    resolve and render one label (see `label-server resolve --help`)
          serve          serve the HTTP API (not available yet: arrives with the HTTP server)

        Run `label-server SUBCOMMAND --help` for a subcommand's options.
        """

    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        let subcommand = arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "serve"
        if arguments.first == subcommand { arguments.removeFirst() }
        let status: Int32
        switch subcommand {
        case "resolve":
            status = ResolveCommand.run(arguments)
        case "serve":
            if arguments.contains("--help") || arguments.contains("-h") {
                print(help)
                status = 0
            } else {
                CommandLine.fail("serve is not implemented yet; try `label-server resolve KEY --lang de` (see --help)")
                status = 1
            }
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
