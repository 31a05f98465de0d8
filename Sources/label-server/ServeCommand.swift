import Foundation
import HTTPServer
import LabelCore
import LabelServer
import MissingKeys
import Sockets

/// `label-server serve`: the HTTP API over the store.
enum ServeCommand {
    static var help: String {
        // Padded, never cut: `padding(toLength:)` truncates a longer flag.
        let width = max(20, (ServeConfiguration.settings.map(\.flag.count).max() ?? 0) + 1)
        let lines = ServeConfiguration.settings.map { s in
            "  \(s.flag + String(repeating: " ", count: width - s.flag.count)) \(s.help) (\(s.environment), default: \(s.defaultValue))"
        }
        return """
            NAME
              label-server serve — serve the label API over HTTP/1.1

            SYNOPSIS
              label-server [serve] [OPTIONS]

            DESCRIPTION
            Serves the store over HTTP/1.1: GET /labels/{key}, GET /labels, GET/POST/DELETE
            /missing, GET /healthz, GET /readyz, GET /metrics, POST /admin/reload (see
            openapi.yaml). Missing hits are kept in STATE-DIR/missing.json, flushed every
            second and on SIGTERM (with --report-store, in Redis, shared by every replica). The first line printed is
            `listening on http://HOST:PORT`. SIGTERM or SIGINT stop accepting, finish requests
            in flight and exit 0; SIGHUP reloads the store (a broken store keeps the old one).
            Admin routes need `Authorization: Bearer $LABEL_SERVER_ADMIN_TOKEN`; without the
            variable they answer 403.

            OPTIONS:
            \(lines.joined(separator: "\n"))
            \(StoreOptions.help)
              -h, --help           show this help

            ENVIRONMENT
              Every option has the variable shown; LABEL_SERVER_ADMIN_TOKEN enables admin routes.
              LABEL_SERVER_REPORT_STORE_PASSWORD is the Redis password of --report-store (never
              logged; a password in the URL is refused).

            EXIT STATUS
              0 after a graceful shutdown, 1 when the store cannot be loaded, the state
              directory cannot be written (without --report-store), the address cannot be
              bound, the report store refuses the login or its keys, or the missing-key
              report could not be written at shutdown, 2 on a bad option.

            EXAMPLES
              label-server serve --host 0.0.0.0 --port 8080 --state-dir /var/lib/label-server
              LABEL_SERVER_ADMIN_TOKEN=secret label-server serve --access-log off
              kill -HUP $(pidof label-server)      # reload the store
            """
    }

    /// `Strings`, or `Strings and MyApp/Resources` with resources folders (or these alone).
    static func storeDescription(_ store: StoreConfiguration) -> String {
        let folders = store.bundles.compactMap { store.bundleFolders[$0] }
        if folders.isEmpty { return store.directory }
        let joined = folders.joined(separator: ", ")
        return folders.count == store.bundles.count ? joined : "\(store.directory) and \(joined)"
    }

    /// Checks the state directory (a folder the report cannot be written to would lose it;
    /// not with --report-store), then loads the store. - Returns: nil, having said why on stderr, when either fails.
    private static func stateDirectoryAndStore(_ configuration: ServeConfiguration) -> LoadedStore? {
        if configuration.reportStore == nil, let problem = StateDirectory.check(configuration.stateDirectory) {
            CommandLine.fail(problem.message)
            return nil
        }
        do {
            return try StoreLoader.load(configuration.store)
        } catch {
            CommandLine.fail("cannot load the store:\n\(error)")
            return nil
        }
    }

    /// Configuration → wiring → signals → listening, then waits for the server to stop.
    static func run(_ arguments: [String]) -> Int32 {
        // Before any thread exists (the loader starts some): see SignalHandlers.
        SignalHandlers.blockInEveryThread()
        // Two arenas: the loader's threads would otherwise each fragment their own,
        // and RSS ratchets with every reload of a large store. MALLOC_ARENA_MAX wins.
        // Read once, and only our variables (ServeEnvironment says why).
        let environment = ServeEnvironment.variables()
        if environment["MALLOC_ARENA_MAX"] == nil {
            ProcessMemory.limitArenas(to: 2)
        }
        let configuration: ServeConfiguration
        do {
            guard let parsed = try ServeConfiguration(arguments: arguments, environment: environment) else {
                print(help)
                return 0
            }
            configuration = parsed
            Log.use(json: parsed.logJSON)
        } catch {
            CommandLine.fail("\(error)")
            return 2
        }
        // Taken before the store is read: the watcher compares it with the store once its
        // watches are armed, so a change made meanwhile (right after `listening`) reloads.
        let fingerprints = configuration.watch ? ServeComponents.watchedFolders(configuration.store).map { ($0, StoreFingerprint(of: $0)) } : []
        guard let loaded = stateDirectoryAndStore(configuration) else { return 1 }
        // `run` keeps only these figures: the first catalog lives in the service's state
        // alone, so the first reload frees it.
        let summary = "loaded \(loaded.catalog.stringCount) strings from \(loaded.fileCount) files in \(storeDescription(configuration.store)); \(loaded.warnings.count) warnings; \(configuration.server.eventLoops) event loops"
        // Every warning the summary counts, with its text (a wrong bundle name among them).
        let warnings = loaded.warnings.map { "\($0.location): \($0.message)" }
        let components = ServeComponents(configuration: configuration, loaded: consume loaded, fingerprints: fingerprints)
        // The loader's garbage (file bytes, per-file tables, tokenizer scratch) is free
        // by now but scattered between live pages: give those pages back before serving.
        ProcessMemory.trim()
        let stop = StopRequest()
        // Installed before the server listens: a SIGTERM right after the
        // "listening" line must already shut down gracefully.
        let signals = SignalHandlers(onReload: {
            Log.info("received SIGHUP; reloading \(configuration.store.directory)")
            // On the reloader's worker: the signal thread must stay free to hear SIGTERM meanwhile.
            components.reloader.reloadInBackground()
        }, onStop: { signal in
            Log.info("received \(signal); shutting down")
            components.readiness.set(false)
            components.server.shutdown()
            stop.request()
        })
        // The report store's refusal (a wrong password, missing permissions) or no port: exit 1.
        let address: SocketAddress
        switch components.startListening() {
        case .success(let bound): address = bound
        case .failure(let failure): CommandLine.fail(failure.message); return 1
        }
        // Unbuffered, so a supervisor or test reading the pipe sees it at once.
        FileHandle.standardOutput.write(text: "listening on http://\(address)\n")
        Log.info(summary)
        warnings.forEach(Log.warning)
        if configuration.adminToken?.isEmpty ?? true { Log.info("admin routes disabled: LABEL_SERVER_ADMIN_TOKEN is not set") }
        components.startAfterListening()

        components.waitUntilStopped(stop: stop, grace: configuration.shutdownGrace)
        // Nothing recorded before the last response is lost on SIGTERM; if the
        // final write fails, it is, and the exit status tells the supervisor.
        let flushed = components.finish()
        withExtendedLifetime(signals) {}
        guard flushed else {
            Log.info("stopped; the missing-key report could not be written to \(components.missing?.fileURL.path ?? "the report store")")
            return 1
        }
        Log.info("stopped")
        return 0
    }
}
