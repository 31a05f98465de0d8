import Clocks
import Sockets
import TestSupport
import Dispatch
import Foundation
import Glibc
import HTTP1
import HTTPServer
import LabelCore
import MissingKeys
import PeerClient
@testable import LabelServer
import Synchronization
import Testing

/// A peer that answers whatever the test scripts (a real server on 127.0.0.1), and counts requests.
final class ScriptedPeer: Sendable {
    final class Counter: Sendable { let requests = Atomic<Int>(0) }

    struct Responder: HTTPResponder {
        let answer: @Sendable (HTTPRequest) -> HTTPResponse
        let counter: Counter
        func respond(to request: HTTPRequest) -> HTTPResponse {
            counter.requests.add(1, ordering: .relaxed)
            return answer(request)
        }
        func respond(to error: HTTPParseError) -> HTTPResponse { HTTPResponse(status: error.status) }
    }

    private let server: EpollServer
    let port: UInt16
    let counter = Counter()

    init(_ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        server = EpollServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1),
                             responder: Responder(answer: answer, counter: counter))
        port = try server.start().port
    }

    var requests: Int { counter.requests.load(ordering: .relaxed) }

    var endpoint: PeerEndpoint { PeerEndpoint(host: "127.0.0.1", port: port) }

    func stop() {
        server.shutdown()
        _ = server.wait(seconds: 3)
    }

    static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: HTTPStatus(code: status), headers: ["Content-Type": "application/json; charset=utf-8"],
                     body: Array(text.utf8))
    }
}

/// One replica whose peers are exactly `peers` (no resolver), with its own state directory.
final class LoneReplica: Sendable {
    let server: EpollServer
    let missing: MissingReportStore
    let fleet: Fleet
    let port: UInt16
    let directory: URL

    init(peers: [PeerEndpoint], timeout: Double = 1) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("fleet-hardening-\(UUID())")
        missing = MissingReportStore(stateDirectory: directory, recorder: MissingKeyRecorder())
        let holder = try LabelTestServer.catalog.get()
        let counters = UsageCounters(catalog: holder.state.catalog)
        let usage = UsageStore(stateDirectory: directory, current: { counters })
        fleet = Fleet(endpoints: peers, timeout: .seconds(timeout), adminToken: "t")
        let service = LabelService(catalog: holder, admin: AdminAuthorization(token: "t"), missing: missing, usage: usage, fleet: .fleet(fleet))
        server = EpollServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1,
                                                                   linger: .milliseconds(100)),
                             responder: service)
        port = try server.start().port
    }

    func stop() {
        server.shutdown()
        _ = server.wait(seconds: 3)
        try? FileManager.default.removeItem(at: directory)
    }

    func request(_ method: String, _ path: String, token: String? = nil, timeout: Double = 15) throws -> RawResponse {
        let client = try RawClient(port: port, timeout: timeout)
        let auth = token.map { "Authorization: Bearer \($0)\r\n" } ?? ""
        let length = method == "GET" ? "" : "Content-Length: 0\r\n"
        try client.send("\(method) \(path) HTTP/1.1\r\nHost: t\r\n\(auth)\(length)\r\n")
        return try client.readResponse()
    }

    func json(_ response: RawResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }
}

@Suite(.serialized) struct FleetHardeningTests {
    static let huge = "9223372036854775807"

    /// A peer's `/missing?scope=local` and `/usage?scope=local` answers with 2^63 - 1 where counts go.
    static func extremePeer() throws -> ScriptedPeer {
        try ScriptedPeer { request in
            if request.path == "/usage" {
                return ScriptedPeer.json(#"{"since":"2025-01-01T00:00:00Z","entries":[{"table":"Localizable","key":"k","hits":\#(huge)}]}"#)
            }
            return ScriptedPeer.json(#"""
            {"since":"2025-01-01T00:00:00.000Z","total":1,"dropped":{"newEntries":\#(huge),"longKeys":0,"reported":0},\#
            "entries":[{"key":"hot","table":"Localizable","requested":"de","servedFrom":"key","hits":\#(huge),\#
            "firstSeen":"2025-01-02T03:04:05.000Z","lastSeen":"2025-01-02T03:04:06.000Z"}]}
            """#)
        }
    }

    @Test func aPeerAnsweringCountsBeyondTheMaximumIsLeftOutWithTheReasonNotSummed() throws {
        let peer = try Self.extremePeer()
        let replica = try LoneReplica(peers: [peer.endpoint])
        defer { replica.stop(); peer.stop() }
        // The same entry here: before, the merge added 2^63 - 1 to it and the process trapped.
        replica.missing.recorder.record(table: "Localizable", key: "hot", requested: "de", servedFrom: "key", at: Date())
        let response = try replica.request("GET", "/missing")
        #expect(response.status == 200)
        let object = try replica.json(response)
        #expect(object["partial"] as? Bool == true)
        #expect(object["unreachable"] as? [String] == ["127.0.0.1:\(peer.port)"])
        let leftOut = object["leftOut"] as? [[String: String]]
        #expect(leftOut == [["peer": "127.0.0.1:\(peer.port)", "reason": #"entry 0: "hits" is not an integer from 1 to 2^53"#]])
        #expect((object["entries"] as? [[String: Any]])?.first?["hits"] as? Int == 1, "only this replica's count")
        #expect(response.header("Label-Server-Partial") == "127.0.0.1:\(peer.port)")
        let usage = try replica.json(try replica.request("GET", "/usage"))
        #expect(usage["partial"] as? Bool == true)
        #expect((usage["leftOut"] as? [[String: String]])?.first?["reason"] == "a hit count above 2^53")
    }

    @Test func anEntryResolvedHereButOpenOnAPeerIsOpenInTheFleetsResolvedView() throws {
        // The peer holds the entry open: it sends it for `state=all` (and the default), never for `state=resolved`.
        let peer = try ScriptedPeer { request in
            let resolvedOnly = request.query?.contains("state=resolved") == true
            let entries = resolvedOnly ? "" : #"{"key":"hot","table":"Localizable","requested":"de","servedFrom":"key","hits":1,"#
                + #""firstSeen":"2025-01-02T03:04:05.000Z","lastSeen":"2025-01-02T03:04:06.000Z"}"#
            return ScriptedPeer.json(#"{"since":"2025-01-01T00:00:00.000Z","total":\#(resolvedOnly ? 0 : 1),"entries":[\#(entries)]}"#)
        }
        let replica = try LoneReplica(peers: [peer.endpoint])
        defer { replica.stop(); peer.stop() }
        replica.missing.recorder.record(table: "Localizable", key: "hot", requested: "de", servedFrom: "key", at: Date())
        let id = MissingKeyRecorder.EntryID(table: "Localizable", key: "hot", requested: "de")
        #expect(replica.missing.recorder.markResolved([id], at: Date()) == 1)
        let resolved = try replica.json(try replica.request("GET", "/missing?state=resolved"))
        #expect((resolved["entries"] as? [[String: Any]])?.isEmpty == true, "open on the peer, so not resolved")
        let all = try replica.json(try replica.request("GET", "/missing?state=all"))
        let entry = (all["entries"] as? [[String: Any]])?.first
        #expect(entry?["key"] as? String == "hot")
        #expect(entry?["resolvedAt"] == nil)
        let open = try replica.json(try replica.request("GET", "/missing"))
        #expect((open["entries"] as? [[String: Any]])?.first?["hits"] as? Int == 2)
    }

    @Test func writesGetTheirOwnSlotsSoReadsCannotLockThemOut() throws {
        let peer = try ScriptedPeer { _ in ScriptedPeer.json(#"{"status":"reset"}"#) }
        let replica = try LoneReplica(peers: [peer.endpoint])
        defer { replica.stop(); peer.stop() }
        // Every read slot taken, as 40 unauthenticated reads with a peer hanging would take them.
        for _ in 0..<Fleet.maximumConcurrentFanOuts { #expect(replica.fleet.begin(.read)) }
        defer { for _ in 0..<Fleet.maximumConcurrentFanOuts { replica.fleet.end(.read) } }
        let busy = try replica.request("GET", "/missing")
        #expect(busy.status == 503)
        #expect(busy.text.contains("fleet_busy"))
        let reset = try replica.request("DELETE", "/missing", token: "t")
        #expect(reset.status == 200, "\(reset.text)")
        #expect(try replica.json(reset)["status"] as? String == "reset")
    }

    @Test func aWriteThatAPeerDidNotReceiveFailsWith502AndThePerReplicaReport() throws {
        // A port nobody listens on: connection refused at once.
        let closed = try Socket.listen(on: SocketAddress(host: "127.0.0.1", port: 0)!, reusePort: false)
        let closedPort = try closed.localPort()
        closed.close()
        let replica = try LoneReplica(peers: [PeerEndpoint(host: "127.0.0.1", port: closedPort)])
        defer { replica.stop() }
        replica.missing.recorder.record(table: "Localizable", key: "gone", requested: "de", servedFrom: "key", at: Date())
        let response = try replica.request("DELETE", "/missing", token: "t")
        #expect(response.status == 502)
        let object = try replica.json(response)
        #expect(object["error"] as? String == "fleet_partial")
        #expect(object["status"] as? String == "failed")
        #expect(object["partial"] as? Bool == true)
        let replicas = try #require(object["replicas"] as? [[String: Any]])
        #expect(replicas.map { $0["replica"] as? String } == ["self", "127.0.0.1:\(closedPort)"])
        #expect(replicas[0]["status"] as? Int == 200, "this replica did reset")
        #expect((replicas[1]["error"] as? String)?.hasPrefix("connect") == true)
        #expect(replica.missing.recorder.snapshot().entries.isEmpty)
    }

    @Test(arguments: [(401, 502), (500, 502), (422, 422)])
    func aPeerThatRefusedTheWriteFailsItToo(peerStatus: Int, expected: Int) throws {
        let peer = try ScriptedPeer { _ in ScriptedPeer.json(#"{"error":"refused"}"#, status: peerStatus) }
        let replica = try LoneReplica(peers: [peer.endpoint])
        defer { replica.stop(); peer.stop() }
        let response = try replica.request("DELETE", "/missing", token: "t")
        #expect(response.status == expected)
        let object = try replica.json(response)
        #expect(object["status"] as? String == "failed")
        let replicas = try #require(object["replicas"] as? [[String: Any]])
        #expect(replicas.last?["status"] as? Int == peerStatus)
        #expect(object["error"] as? String == (expected == 502 ? "fleet_partial" : nil))
    }
}

/// `--peer-timeout` is a deadline for the whole fan-out, counted from the request's arrival.
@Suite(.serialized) struct FleetDeadlineTests {
    /// Six concurrent reads against a peer that never answers all answer (200, the peer left
    /// out). When they answer is not asserted here (a wall-clock window failed on a busy
    /// box): that the deadline counts from the arrival, so a read that waited for a thread
    /// calls no peer, is pinned exactly by `aFanOutThatStartsAfterItsDeadlineCallsNoPeer`.
    @Test func concurrentFleetReadsAllAnswerWithTheSilentPeerLeftOut() throws {
        // Accepts (the kernel's backlog) and never answers.
        let silent = try Socket.listen(on: SocketAddress(host: "127.0.0.1", port: 0)!, reusePort: false)
        let silentPort = try silent.localPort()
        let timeout = 1.0
        let replica = try LoneReplica(peers: [PeerEndpoint(host: "127.0.0.1", port: silentPort)], timeout: timeout)
        defer { replica.stop(); silent.close() }
        let results = Mutex<[Int]>([])
        // Threads of their own: the clients must really be concurrent (a dispatch pool on two
        // cores would send them two at a time).
        let group = DispatchGroup()
        for index in 0..<6 {
            group.enter()
            Thread.detachNewThread {
                // The 10 s client timeout is a hang guard, not the bound under test.
                let status = (try? replica.request("GET", index % 2 == 0 ? "/missing" : "/usage", timeout: 10).status) ?? 0
                results.withLock { $0.append(status) }
                group.leave()
            }
        }
        group.wait()
        let all = results.withLock { $0 }
        #expect(all.count == 6)
        #expect(all == Array(repeating: 200, count: 6))
    }

    /// The deadline is absolute (counted from the request's arrival, ``MonotonicClock``): a
    /// fan-out that starts after it (it waited for a thread) connects to nobody.
    @Test func aFanOutThatStartsAfterItsDeadlineCallsNoPeer() throws {
        let peer = try ScriptedPeer { _ in ScriptedPeer.json("{}") }
        defer { peer.stop() }
        let fleet = Fleet(endpoints: [peer.endpoint], timeout: .seconds(1), adminToken: nil)
        let arrival = MonotonicClock.now() - 2_000_000_000   // arrived 2 s ago
        let outcomes = fleet.call(.get, target: "/missing?scope=local", admin: false,
                                  deadline: MonotonicClock.deadline(after: fleet.timeout, from: arrival))
        #expect(outcomes.count == 1)
        if case .failure(let failure)? = outcomes.first?.result { #expect(failure == .timeout) } else { Issue.record("answered") }
        let inTime = fleet.call(.get, target: "/missing?scope=local", admin: false,
                                deadline: MonotonicClock.deadline(after: 5, from: MonotonicClock.now()))
        #expect(inTime.first.flatMap { try? $0.result?.get().status.code } == 200)
        #expect(peer.requests == 1, "only the call within its deadline reached the peer")
        #expect(MonotonicClock.deadline(after: .nan, from: 7) == 7)
        #expect(MonotonicClock.deadline(after: 1e300, from: 0) == 86_400_000_000_000)
    }
}
