import Foundation
import HTTP1
import Testing
@testable import LabelServer

/// The admin token check: exact length, `Bearer 1*SP`, one `Authorization` field.
@Suite struct AdminAuthorizationTests {
    static func status(_ service: LabelService, _ fields: [HTTPField]) -> (Int, String) {
        let response = service.respond(to: HTTPRequest(method: .post, target: "/admin/reload", headers: HTTPHeaders(fields)))
        let body = String(decoding: response.body, as: UTF8.self)
        let code = (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])?["error"] as? String
        return (response.status.code, code ?? body)
    }

    @Test(arguments: [1, 255, 256, 257, 512])
    func theTokenFollowedByAnySuffixIsRejected(suffixLength: Int) throws {
        let store = try OperationsTests.copyOfBundledStore()
        defer { try? FileManager.default.removeItem(at: store) }
        let (service, _, _) = try OperationsTests.service(store: store)
        let suffix = String(repeating: "A", count: suffixLength)
        let (status, code) = Self.status(service, [.init(name: "Authorization", value: "Bearer s3cret\(suffix)")])
        #expect(status == 401)
        #expect(code == "unauthorized")
        #expect(!AdminAuthorization.constantTimeEquals(Array("s3cret\(suffix)".utf8), Array("s3cret".utf8)))
    }

    @Test(arguments: ["Bearer s3cret", "bearer s3cret", "BEARER   s3cret"])
    func bearerIsCaseInsensitiveAndTakesOneOrMoreSpaces(value: String) throws {
        let store = try OperationsTests.copyOfBundledStore()
        defer { try? FileManager.default.removeItem(at: store) }
        let (service, _, _) = try OperationsTests.service(store: store)
        #expect(Self.status(service, [.init(name: "Authorization", value: value)]).0 == 200)
    }

    @Test(arguments: ["Bearer", "Bearer ", "Bearers3cret", "Bearer\ts3cret", "Basic s3cret", "s3cret", "Token s3cret"])
    func otherSchemesAndSeparatorsAre401(value: String) throws {
        let store = try OperationsTests.copyOfBundledStore()
        defer { try? FileManager.default.removeItem(at: store) }
        let (service, _, _) = try OperationsTests.service(store: store)
        let (status, code) = Self.status(service, [.init(name: "Authorization", value: value)])
        #expect(status == 401)
        #expect(code == "unauthorized")
    }

    @Test func twoAuthorizationFieldsAre400() throws {
        let store = try OperationsTests.copyOfBundledStore()
        defer { try? FileManager.default.removeItem(at: store) }
        let (service, _, _) = try OperationsTests.service(store: store)
        let (status, code) = Self.status(service, [.init(name: "Authorization", value: "Bearer s3cret"),
                                                   .init(name: "authorization", value: "Bearer s3cret")])
        #expect(status == 400)
        #expect(code == "duplicate_authorization")
    }
}
