import LabelServer
import TestSupport
import Testing

/// Which answers name the replica (`Label-Server-Instance`) and carry the fleet's metrics:
/// none alone (``FleetMode/single``); with peers every answer but the label routes', whose
/// bodies are the same on every replica and cached by clients.
@Suite struct FleetModeTests {
    static let targets = ["/healthz", "/nowhere", "/labels/coins.count?lang=de&count=3", "/labels?lang=de"]

    static func answers(_ mode: FleetMode) throws -> [String: RawResponse] {
        let client = InProcessClient(LabelService(catalog: try LabelTestServer.catalog.get(), fleet: mode))
        var answers: [String: RawResponse] = [:]
        for target in targets + ["/metrics"] {
            answers[target] = try client.exchange("GET \(target) HTTP/1.1\r\nHost: test\r\n\r\n")
        }
        return answers
    }

    @Test func aReplicaAloneNamesItselfInNoAnswer() throws {
        let answers = try Self.answers(.single)
        for target in Self.targets {
            #expect(answers[target]?.header("Label-Server-Instance") == nil, "\(target)")
        }
        #expect(answers["/metrics"]?.text.contains("label_server_peer_requests_total") == false)
    }

    @Test func aFleetMemberNamesItselfInEveryAnswerButTheLabelRoutes() throws {
        let answers = try Self.answers(.fleet(Fleet(endpoints: [], adminToken: nil, instanceID: "me")))
        #expect(answers["/healthz"]?.header("Label-Server-Instance") == "me")
        #expect(answers["/nowhere"]?.status == 404)
        #expect(answers["/nowhere"]?.header("Label-Server-Instance") == "me")
        #expect(answers["/labels/coins.count?lang=de&count=3"]?.status == 200)
        #expect(answers["/labels/coins.count?lang=de&count=3"]?.header("Label-Server-Instance") == nil)
        #expect(answers["/labels?lang=de"]?.status == 200)
        #expect(answers["/labels?lang=de"]?.header("Label-Server-Instance") == nil)
        #expect(answers["/metrics"]?.text.contains("label_server_peer_requests_total") == true)
    }
}
