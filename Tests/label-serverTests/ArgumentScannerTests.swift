import Testing
@testable import label_server

/// The executable's command-line reader: valued options, flags, positionals.
@Suite struct ArgumentScannerTests {
    func scan(_ arguments: [String]) throws(ArgumentScanner.UsageError) -> ArgumentScanner {
        try ArgumentScanner(arguments, valued: ["--lang", "--arg"], flags: ["--json", "-h"])
    }

    @Test func valuesFlagsAndPositionalsAreSeparated() throws {
        let scanner = try scan(["coins.count", "--lang", "de", "--json", "--arg=3", "extra"])
        #expect(scanner.positionals == ["coins.count", "extra"])
        #expect(scanner.value("--lang") == "de")
        #expect(scanner.value("--arg") == "3")
        #expect(scanner.has("--json"))
        #expect(!scanner.has("-h"))
    }

    @Test func aRepeatedOptionKeepsEveryValueAndTheLastWins() throws {
        let scanner = try scan(["--arg", "1", "--arg=2", "--lang", "de", "--lang", "fr"])
        #expect(scanner.all("--arg") == ["1", "2"])
        #expect(scanner.value("--lang") == "fr")
        #expect(scanner.all("--nope").isEmpty)
    }

    @Test func everythingAfterADoubleDashIsPositional() throws {
        let scanner = try scan(["--lang", "de", "--", "--json", "-h"])
        #expect(scanner.positionals == ["--json", "-h"])
        #expect(!scanner.has("--json"))
    }

    @Test func aLoneDashAndAnEmptyValueAreAccepted() throws {
        let scanner = try scan(["-", "--lang="])
        #expect(scanner.positionals == ["-"])
        #expect(scanner.value("--lang") == "")
    }

    @Test(arguments: [
        (["--nope"], "unknown option --nope"),
        (["--json=yes"], "unknown option --json"),
        (["--lang"], "--lang needs a value"),
        (["-x"], "unknown option -x"),
    ])
    func badUsageNamesTheOption(arguments: [String], message: String) {
        #expect(throws: ArgumentScanner.UsageError.self) { try scan(arguments) }
        do {
            _ = try scan(arguments)
        } catch {
            #expect(error.description == message)
        }
    }
}
