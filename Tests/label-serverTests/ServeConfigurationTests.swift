import HTTPServer
import Testing
@testable import label_server

/// `serve`'s event-loop count: `auto` by default, `cores`, or a number.
@Suite struct ServeConfigurationTests {
    func loops(_ arguments: [String], environment: [String: String] = [:]) throws -> Int? {
        try ServeConfiguration(arguments: arguments, environment: environment)?.server.eventLoops
    }

    @Test func theDefaultIsOneLoopPerCoreButOneAndAtLeastOne() throws {
        let cores = HTTPServerConfiguration.coreCount
        #expect(try loops([]) == max(1, cores - 1))
        #expect(try loops(["--event-loops", "auto"]) == max(1, cores - 1))
        #expect(HTTPServerConfiguration().eventLoops == max(1, cores - 1))
    }

    @Test func coresIsOneLoopPerCoreAndANumberIsTakenAsGiven() throws {
        #expect(try loops(["--event-loops", "cores"]) == HTTPServerConfiguration.coreCount)
        #expect(try loops(["--event-loops", "3"]) == 3)
        #expect(try loops([], environment: ["LABEL_SERVER_EVENT_LOOPS": "2"]) == 2)
    }

    @Test(arguments: ["0", "257", "many", ""])
    func anythingElseIsAUsageError(_ value: String) {
        #expect(throws: ArgumentScanner.UsageError.self) { try loops(["--event-loops", value]) }
    }

    @Test(arguments: ["LABEL_SERVER_PEERS", "LABEL_SERVER_PEER_TIMEOUT"])
    func aRetiredFleetVariableIsRefusedNotIgnored(_ variable: String) throws {
        #expect(throws: ArgumentScanner.UsageError.self) { try loops([], environment: [variable: "peers:8080"]) }
        #expect(try loops([], environment: [variable: ""]) != nil)
    }
}
