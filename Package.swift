// swift-tools-version:6.0
import PackageDescription

// No package dependencies, by the user's requirement: the HTTP server is our own
// and gzip goes through the system zlib.
// Upcoming language features for every target (as swift-log 1.16.2 and Hummingbird 2.28.1
// enable them), each with its proposal:
let swiftSettings: [SwiftSetting] = [
    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0335-existential-any.md
    // Existentials are spelled `any P`.
    .enableUpcomingFeature("ExistentialAny"),
    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0409-access-level-on-imports.md
    // Imports are internal unless a file says `package import` or `public import`.
    .enableUpcomingFeature("InternalImportsByDefault"),
    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0444-member-import-visibility.md
    // A file uses another module's members (extensions included) only if it imports that module.
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "label-server",
    // iOS 17: apps embed LabelClient and LabelCore (which therefore avoid Mutex and Atomic).
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .executable(name: "label-server", targets: ["label-server"]),
        .library(name: "LabelCore", targets: ["LabelCore"]),
        .library(name: "LabelClient", targets: ["LabelClient"]),
    ],
    targets: [
        // The engine on the request path, one sub-folder per concern: Plurals/ (CLDR
        // rules, generated table), Formats/ (the three readers, the .strings writer),
        // Formatting/, Catalog/ (store loading), Resolution/. Reads files; writes none,
        // no sockets.
        .target(name: "LabelCore"),
        // The missing-key report and key usage: recorders, their durable state files
        // (write, fsync, rename), merging, paging and exports. All the server's state.
        .target(name: "MissingKeys", dependencies: ["LabelCore", "BackgroundWork", "AtomicFile", "Clocks"]),
        // The report and usage in Redis (`--report-store`), shared by every replica: the flush of
        // a replica's buffered hits (one round trip a second, idempotent), the Lua scripts that keep
        // the report's rules and cap atomically, reads, DELETE, resolved entries, the reload channel.
        .target(name: "ReportStore", dependencies: ["MissingKeys", "RedisClient", "LabelCore", "BackgroundWork", "Clocks"]),
        // Replacing a file all at once (temporary file created exclusively, fsync, rename;
        // symlinks written through, modes kept): the server's state files and
        // `label-server import`'s tables; and import's one-writer lock (StoreLock).
        .target(name: "AtomicFile", dependencies: ["BackgroundWork"]),
        // `label-server import`: XLIFF 1.2 (Xcode's exports, translated) read strictly and
        // written into a bundle folder as .strings, .stringsdict and String Catalog
        // localizations, merged and atomically, as `xcodebuild -importLocalizations` would.
        .target(name: "LabelImport", dependencies: ["LabelCore", "AtomicFile"]),
        // `label-server lint`: Apple's label rules and cross-language checks over the
        // files LabelCore's loader finds and reads.
        .target(name: "LabelLint", dependencies: ["LabelCore"]),
        // Android (TalkBack): a resolved table as strings.xml, a store as a res/ tree,
        // with the report of what Android cannot express. Pure: no files, no sockets.
        .target(name: "LabelAndroid", dependencies: ["LabelCore"]),
        // `label-server scan`: a lexer-level scanner of Swift and Objective-C sources for
        // the keys the code asks for, joined with the store per language.
        .target(name: "LabelScan", dependencies: ["LabelCore"]),
        // The translator pages (/missing, /coverage, /usage) and the XLIFF and .strings
        // exports: report, coverage and usage values in, bytes out. No HTTP, no I/O.
        .target(name: "LabelTranslators", dependencies: ["LabelCore", "MissingKeys"]),
        // The server's one mechanism for periodic work off the event loops (PeriodicTask),
        // and the mark of an event loop's thread that blocking code checks (EventLoopThread).
        // Not in LabelCore: apps embed the engine, and it has no background work.
        .target(name: "BackgroundWork"),
        // Time: monotonic nanoseconds for loops, timeouts and deadlines (MonotonicClock, and
        // NanosecondClock for a test's clock to stand in), wall seconds for records
        // (WallClock), civil dates (CivilDateTime: the `Date` header's, the report's ISO 8601).
        .target(name: "Clocks"),
        // Pure HTTP/1.1 values, incremental request parser, response encoder, HTTP dates. No I/O.
        .target(name: "HTTP1", dependencies: ["Clocks"]),
        // epoll/eventfd headers and wrappers Glibc's Swift module does not export.
        // Not `CSystem`: swift-system (under swift-nio, in Benchmarks/) has a target of that name.
        .target(name: "CLabelSystem"),
        // The system zlib: a bundle's gzip body made once, when first asked for (off the
        // loops); report pages compressed as they are built; gzip request bodies (and, on
        // Linux, LabelClient's responses) inflated.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // The socket system calls the server and the peer client share: sockets, addresses
        // and their resolution, errors carrying `errno`. No HTTP.
        .target(name: "Sockets", dependencies: ["CLabelSystem"]),
        // A Redis client of our own (RESP2 over Sockets): the pure incremental reply parser
        // with limits and the command encoder, `redis://` endpoints, a blocking connection
        // (AUTH, SELECT, pipelining, deadlines, backoff) and a pub/sub subscriber thread.
        .target(name: "RedisClient", dependencies: ["Sockets", "CLabelSystem", "Clocks", "BackgroundWork"]),
        // gzip through the system zlib: compress, and the one bounded inflate loop.
        .target(name: "GzipCoding", dependencies: ["CZlib"]),
        // Epoll loops, connections: the server's system calls.
        .target(name: "HTTPServer", dependencies: ["CLabelSystem", "HTTP1", "BackgroundWork", "Sockets", "Clocks"]),
        // The fleet's HTTP/1.1 client for calls between replicas: concurrent exchanges
        // from one thread under a shared deadline, responses parsed strictly.
        .target(name: "PeerClient", dependencies: ["CLabelSystem", "HTTP1", "Sockets", "Clocks"]),
        // The label API joining the catalog to the server, one sub-folder per concern:
        // Routes/ (table, dispatcher, queries, errors), Bundles/, Negotiation/, Translators/,
        // State/, StoreWatch/, Metrics/, Fleet/ (docs/architecture.md lists what each holds).
        .target(name: "LabelServer", dependencies: ["LabelCore", "LabelAndroid", "LabelTranslators", "MissingKeys", "BackgroundWork", "Clocks", "GzipCoding", "HTTP1", "HTTPServer", "PeerClient", "Sockets"]),
        // What apps link: launch fetch, disk cache, offline fallback, rendering
        // with LabelCore's engine, miss reports. URLSession, except `http://` on Linux:
        // HTTP1's parser over a socket of its own, gzip through zlib (Linux only, so
        // Apple builds link neither), for a body limit that bounds what is read.
        .target(name: "LabelClient", dependencies: [
            "LabelCore",
            .target(name: "HTTP1", condition: .when(platforms: [.linux])),
            .target(name: "GzipCoding", condition: .when(platforms: [.linux])),
        ]),
        .executableTarget(
            name: "label-server",
            dependencies: ["LabelCore", "LabelLint", "LabelImport", "LabelAndroid", "LabelScan", "LabelTranslators", "MissingKeys", "LabelServer", "HTTPServer", "HTTP1", "AtomicFile", "Clocks", "Sockets", "RedisClient", "ReportStore"]
        ),
        .testTarget(
            name: "LabelCoreTests",
            dependencies: ["LabelCore", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "LabelLintTests",
            dependencies: ["LabelLint", "LabelCore"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "LabelImportTests", dependencies: ["LabelImport", "AtomicFile", "LabelCore", "LabelLint", "LabelServer", "MissingKeys", "TestSupport"]),
        .testTarget(name: "LabelAndroidTests", dependencies: ["LabelAndroid", "LabelCore"]),
        .testTarget(name: "label-serverTests", dependencies: ["label-server", "AtomicFile", "LabelCore", "LabelScan"]),
        .testTarget(name: "AtomicFileTests", dependencies: ["AtomicFile"]),
        .testTarget(name: "LabelScanTests", dependencies: ["LabelScan", "LabelCore"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ClocksTests", dependencies: ["Clocks"]),
        .testTarget(name: "HTTP1Tests", dependencies: ["HTTP1", "TestSupport"]),
        .testTarget(name: "PeerClientTests", dependencies: ["PeerClient", "HTTPServer", "HTTP1", "Sockets", "Clocks"]),
        .testTarget(name: "GzipCodingTests", dependencies: ["GzipCoding"]),
        .testTarget(name: "RedisClientTests", dependencies: ["RedisClient", "BackgroundWork", "Clocks", "TestSupport"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "HTTP1", "Sockets", "TestSupport"]),
        .testTarget(name: "LabelServerTests", dependencies: ["LabelServer", "GzipCoding", "LabelTranslators", "PeerClient", "LabelCore", "MissingKeys", "HTTPServer", "HTTP1", "TestSupport", "BackgroundWork", "AtomicFile", "Clocks", "Sockets"]),
        .testTarget(name: "LabelTranslatorsTests", dependencies: ["LabelTranslators", "LabelCore", "MissingKeys"]),
        .testTarget(name: "BackgroundWorkTests", dependencies: ["BackgroundWork", "TestSupport"]),
        .testTarget(name: "MissingKeysTests", dependencies: ["MissingKeys", "LabelCore", "TestSupport"]),
        .testTarget(name: "ReportStoreTests", dependencies: ["ReportStore", "MissingKeys", "LabelCore", "LabelServer", "RedisClient", "HTTP1", "TestSupport"]),
        .testTarget(name: "LabelClientTests", dependencies: ["LabelClient", "GzipCoding", "LabelCore", "LabelServer", "HTTPServer", "Sockets", "TestSupport"]),
        // What several test targets share: a raw loopback HTTP client, the in-process
        // exchange and its client (a responder through the server's parser and encoder, as
        // an event loop drives it; the fuzzers compile the exchange in too), a seeded PRNG,
        // a manual clock (the event loops' and PeriodicTask's time, advanced by the test),
        // per-process temporary folders and a real redis-server on loopback.
        .target(name: "TestSupport", dependencies: ["HTTP1", "HTTPServer", "BackgroundWork", "Clocks"], path: "Tests/TestSupport"),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
