import HTTP1
import LabelTranslators

extension TranslatorPage {
    /// A page response with the security headers every page carries (`X-Content-Type-Options`
    /// is not among them: `LabelService.recorded` adds it to every answer, exactly once).
    static func response(_ body: [UInt8]) -> HTTPResponse {
        var headers: HTTPHeaders = [:]
        headers.add(name: "Content-Type", value: "text/html; charset=utf-8")
        headers.add(name: "Content-Security-Policy", value: contentSecurityPolicy)
        headers.add(name: "Referrer-Policy", value: "no-referrer")
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "Vary", value: "Accept")
        return HTTPResponse(status: .ok, headers: headers, body: body)
    }
}
