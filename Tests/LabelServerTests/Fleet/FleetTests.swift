import Sockets
import TestSupport
import Foundation
import Glibc
import HTTP1
import HTTPServer
import LabelCore
import MissingKeys
import LabelServer
import Synchronization
import Testing

/// Replicas in one process: real servers on 127.0.0.1, peers found through an injected
/// resolver (one name, several addresses), as a headless Service would give them.
@Suite(.serialized) struct FleetTests {
    final class Replica: Sendable {
        let server: EpollServer
        let missing: MissingReportStore
        let fleet: Fleet
        let port: UInt16
        /// This replica's own key counters (the catalog is shared by every replica here).
        let counters: UsageCounters

        init(name: String, addresses: AddressBook, extraPeers: [PeerEndpoint] = [], timeout: Double = 1) throws {
            let directory = TemporaryFolder.make("fleet-\(name)")
            missing = MissingReportStore(stateDirectory: directory, recorder: MissingKeyRecorder())
            let holder = try LabelTestServer.catalog.get()
            let counters = UsageCounters(catalog: holder.state.catalog)
            self.counters = counters
            let usage = UsageStore(stateDirectory: directory, current: { counters })
            fleet = Fleet(endpoints: [PeerEndpoint(host: "fleet.test", port: 1)] + extraPeers, timeout: .seconds(timeout),
                          adminToken: "t", resolve: { host, port in
                              host == "fleet.test" ? addresses.list.withLock { $0 } : [SocketAddress(host: host, port: port)!]
                          })
            let service = LabelService(catalog: holder, admin: AdminAuthorization(token: "t"),
                                       missing: missing, usage: usage, fleet: .fleet(fleet))
            server = EpollServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1,
                                                                       linger: .milliseconds(100)),
                                responder: service)
            port = try server.start().port
            addresses.list.withLock { $0.append(SocketAddress(host: "127.0.0.1", port: port)!) }
        }

        func stop() {
            server.shutdown()
            _ = server.wait(seconds: 3)
        }

        func get(_ path: String, _ extra: String = "") throws -> RawResponse {
            let client = try RawClient(port: port, timeout: 10)
            try client.send("GET \(path) HTTP/1.1\r\nHost: t\r\n\(extra)\r\n")
            return try client.readResponse()
        }

        func send(_ method: String, _ path: String, token: String? = "t") throws -> RawResponse {
            let client = try RawClient(port: port, timeout: 15)
            let auth = token.map { "Authorization: Bearer \($0)\r\n" } ?? ""
            try client.send("\(method) \(path) HTTP/1.1\r\nHost: t\r\n\(auth)Content-Length: 0\r\n\r\n")
            return try client.readResponse()
        }

        func record(_ key: String, times: Int) {
            for _ in 0..<times {
                _ = missing.recorder.record(table: "Localizable", key: key, requested: "de", servedFrom: "key", at: Date())
            }
        }
    }

    /// What the injected resolver answers for `fleet.test`: every replica started so far.
    final class AddressBook: Sendable {
        let list = Mutex<[SocketAddress]>([])
    }

    func json(_ response: RawResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    func hits(_ object: [String: Any], _ key: String) -> Int {
        (object["entries"] as? [[String: Any]] ?? []).filter { $0["key"] as? String == key }.reduce(0) { $0 + ($1["hits"] as? Int ?? 0) }
    }

    @Test func anyReplicaAnswersWithEveryReplicasHitsSummed() throws {
        let addresses = AddressBook()
        let replicas = try (0..<3).map { try Replica(name: "m\($0)", addresses: addresses) }
        defer { for replica in replicas { replica.stop() } }
        for replica in replicas { replica.fleet.refresh() }
        for (index, replica) in replicas.enumerated() { replica.record("shared", times: index + 1) }
        for replica in replicas {
            let response = try replica.get("/missing")
            #expect(response.status == 200)
            let object = try json(response)
            #expect(hits(object, "shared") == 6)
            #expect(object["partial"] as? Bool == false)
            #expect(response.header("Label-Server-Instance") == replica.fleet.instanceID)
        }
        #expect(hits(try json(try replicas[0].get("/missing?scope=local")), "shared") == 1)
        let csv = try replicas[1].get("/missing?format=csv")
        #expect(csv.text.contains("shared,Localizable,de,key,6,"))
    }

    func usageEntry(_ object: [String: Any], _ key: UsageCounters.Key) -> [String: Any]? {
        (object["entries"] as? [[String: Any]])?.first { $0["table"] as? String == key.table && $0["key"] as? String == key.key }
    }

    @Test func usageIsSummedAcrossReplicasAndUnusedMeansUnusedByAll() throws {
        let addresses = AddressBook()
        let replicas = try (0..<3).map { try Replica(name: "u\($0)", addresses: addresses) }
        defer { for replica in replicas { replica.stop() } }
        for replica in replicas { replica.fleet.refresh() }
        let key = try #require(replicas[0].counters.keys.first)
        // Used on replicas 1 and 2 only, the latest request on replica 2.
        for _ in 0..<2 { replicas[1].counters.record(table: key.table, key: key.key, at: 1_700_000_000) }
        for _ in 0..<3 { replicas[2].counters.record(table: key.table, key: key.key, at: 1_700_000_500) }
        let merged = try json(try replicas[0].get("/usage"))
        #expect(merged["partial"] as? Bool == false)
        let entry = try #require(usageEntry(merged, key))
        #expect(entry["hits"] as? Int == 5)
        #expect(entry["lastRequested"] as? String == "2023-11-14T22:21:40Z")
        let unused = try json(try replicas[0].get("/usage?unused=true"))
        #expect(usageEntry(unused, key) == nil, "used elsewhere in the fleet: not unused")
        let local = try json(try replicas[0].get("/usage?scope=local&unused=true"))
        #expect(usageEntry(local, key)?["hits"] as? Int == 0)
        #expect(local["partial"] == nil, "a local answer says nothing about the fleet")
        #expect(try replicas[0].get("/usage?scope=everywhere").status == 400)
    }

    @Test func aPartialPageNamesTheMissingPeersInsideMainEscaped() throws {
        let silent = try Socket.listen(on: SocketAddress(host: "127.0.0.1", port: 0)!, reusePort: false)
        let silentPort = try silent.localPort()
        let addresses = AddressBook()
        let replica = try Replica(name: "h", addresses: addresses,
                                  extraPeers: [PeerEndpoint(host: "127.0.0.1", port: silentPort)], timeout: 0.5)
        defer { replica.stop(); silent.close() }
        for path in ["/missing?format=html", "/usage?format=html"] {
            let page = try replica.get(path)
            #expect(page.status == 200)
            #expect(page.header("Label-Server-Partial") == "127.0.0.1:\(silentPort)")
            let text = page.text
            let banner = #"<main><p role="alert" class="partial">Partial report: 127.0.0.1:\#(silentPort) did not answer in time.</p>"#
            #expect(text.contains(banner), "\(path): banner first inside main")
            #expect(text.components(separatedBy: "class=\"partial\"").count == 2, "one banner")
        }
        let usage = try json(try replica.get("/usage"))
        #expect(usage["partial"] as? Bool == true)
        #expect(usage["unreachable"] as? [String] == ["127.0.0.1:\(silentPort)"])
    }

    @Test func aPeerThatNeverAnswersIsLeftOutAfterTheTimeout() throws {
        // A listening socket nobody accepts from: connects, then silence.
        let silent = try Socket.listen(on: SocketAddress(host: "127.0.0.1", port: 0)!, reusePort: false)
        let silentPort = try silent.localPort()
        let addresses = AddressBook()
        let replica = try Replica(name: "p", addresses: addresses,
                                  extraPeers: [PeerEndpoint(host: "127.0.0.1", port: silentPort)], timeout: 0.5)
        defer { replica.stop(); silent.close() }
        replica.record("alone", times: 2)
        // Answered at all shows the silent peer was left out (the client's own timeout is the
        // hang guard); when the deadline falls is pinned in FleetHardeningTests.
        let response = try replica.get("/missing")
        #expect(response.status == 200)
        let object = try json(response)
        #expect(object["partial"] as? Bool == true)
        #expect(object["unreachable"] as? [String] == ["127.0.0.1:\(silentPort)"])
        #expect(hits(object, "alone") == 2)
        let csv = try replica.get("/missing?format=csv")
        #expect(csv.header("Label-Server-Partial") == "127.0.0.1:\(silentPort)")
    }

    @Test func fleetWritesReachEveryReplicaAndNeedTheToken() throws {
        let addresses = AddressBook()
        let replicas = try (0..<2).map { try Replica(name: "w\($0)", addresses: addresses) }
        defer { for replica in replicas { replica.stop() } }
        for replica in replicas { replica.fleet.refresh() }
        for replica in replicas { replica.record("gone", times: 1) }
        #expect(try replicas[0].send("DELETE", "/missing", token: nil).status == 401)
        #expect(try replicas[0].send("DELETE", "/missing", token: "wrong").status == 401)
        #expect(hits(try json(try replicas[1].get("/missing?scope=local")), "gone") == 1)
        let reset = try replicas[0].send("DELETE", "/missing")
        #expect(reset.status == 200)
        let report = try json(reset)
        #expect((report["replicas"] as? [[String: Any]])?.count == 2)
        #expect(hits(try json(try replicas[1].get("/missing?scope=local")), "gone") == 0)
    }

    @Test func aBadQueryIsRefusedBeforeAnyPeerIsAsked() throws {
        let addresses = AddressBook()
        let replica = try Replica(name: "q", addresses: addresses)
        defer { replica.stop() }
        let response = try replica.get("/missing?format=pdf")
        #expect(response.status == 400)
        #expect(response.text.contains("invalid_format"))
    }

    @Test func peerListsParseHostPortNamesAndBracketedV6() throws {
        let list = try PeerEndpoint.parseList(" 10.0.0.1:8080, label-server-peers:8080,[::1]:9000,10.0.0.1:8080 ")
        #expect(list.map(\.description) == ["10.0.0.1:8080", "label-server-peers:8080", "[::1]:9000"])
        for bad in ["10.0.0.1", "host:0", "host:70000", ":80", "a b:80", "host:8x", "http://h:80", "::1:80"] {
            #expect(throws: PeerListError.self, "\(bad)") { try PeerEndpoint.parseList(bad) }
        }
        #expect(try PeerEndpoint.parseList("").isEmpty)
    }

    @Test func localhostResolvesThroughTheSystemResolver() {
        // A real name (from /etc/hosts), possibly with several addresses: 127.0.0.1 at least.
        let addresses = AddressResolver.resolve(host: "localhost", port: 80)
        #expect(addresses.contains(SocketAddress(host: "127.0.0.1", port: 80)!))
        #expect(AddressResolver.resolve(host: "name.invalid", port: 80).isEmpty)
    }
}
