import Foundation
import HTTP1
import Testing
@testable import LabelServer

/// How a fleet answer says it is partial, per format.
@Suite struct FleetMarkingTests {
    let fleet = Fleet(endpoints: [], adminToken: nil, instanceID: "me")

    @Test func jsonGainsPartialAndUnreachableAndStaysJSON() throws {
        let response = HTTPResponse(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8"],
                                    body: Array(#"{"entries":[],"total":0}"#.utf8))
        let marked = LabelService.markFleet(response, unreachable: ["10.0.0.2:8080", "peers:8080"], fleet: fleet)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(marked.body)) as? [String: Any])
        #expect(object["partial"] as? Bool == true)
        #expect(object["unreachable"] as? [String] == ["10.0.0.2:8080", "peers:8080"])
        #expect(object["total"] as? Int == 0)
        #expect(marked.headers.first("Label-Server-Partial") == "10.0.0.2:8080,peers:8080")
        let complete = LabelService.markFleet(response, unreachable: [], fleet: fleet)
        #expect(String(decoding: complete.body, as: UTF8.self) == #"{"partial":false,"unreachable":[],"leftOut":[],"entries":[],"total":0}"#)
        #expect(complete.headers.first("Label-Server-Partial") == nil)
        let empty = HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: Array("{}".utf8))
        #expect(String(decoding: LabelService.markFleet(empty, unreachable: [], fleet: fleet).body, as: UTF8.self)
                == #"{"partial":false,"unreachable":[],"leftOut":[]}"#)
    }

    @Test func csvAndStringsKeepTheirBodyAndGetTheHeader() {
        let csv = HTTPResponse(status: .ok, headers: ["Content-Type": "text/csv; charset=utf-8"], body: Array("key\r\n".utf8))
        let marked = LabelService.markFleet(csv, unreachable: ["10.0.0.3:8080"], fleet: fleet)
        #expect(marked.body == csv.body)
        #expect(marked.headers.first("Label-Server-Partial") == "10.0.0.3:8080")
    }

    @Test func anHTMLPageKeepsItsBodyAndGetsTheHeader() {
        // The banner is the renderer's (TranslatorPage.document), not spliced in here.
        let page = HTTPResponse(status: .ok, headers: ["Content-Type": "text/html; charset=utf-8"],
                                body: Array(#"<!doctype html><html><body class="x"><h1>Missing</h1></body></html>"#.utf8))
        let marked = LabelService.markFleet(page, unreachable: ["a<b>:1"], fleet: fleet)
        #expect(marked.body == page.body)
        #expect(marked.headers.first("Label-Server-Partial") == "a<b>:1")
    }
}
