import HTTP1
import LabelTranslators

extension TranslatorPage {
    /// A page response with the security headers every page carries (`X-Content-Type-Options`
    /// is not among them: `LabelService.recorded` adds it to every answer, exactly once).
    static func response(_ body: [UInt8]) -> HTTPResponse {
        var headers: HTTPHeaders = [:]
        headers.add(.contentType, value: "text/html; charset=utf-8")
        headers.add(.contentSecurityPolicy, value: contentSecurityPolicy)
        headers.add(.referrerPolicy, value: "no-referrer")
        headers.add(.cacheControl, value: "no-store")
        headers.add(.vary, value: "Accept")
        return HTTPResponse(status: .ok, headers: headers, body: body)
    }
}
