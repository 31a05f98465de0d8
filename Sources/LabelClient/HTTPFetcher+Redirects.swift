#if os(Linux)
import Foundation
import FoundationNetworking

/// Redirects on the socket route, followed as `URLSession` follows them on the other.
extension HTTPFetcher {
    /// Most redirects followed for one request.
    static let maxRedirects = 5

    /// `request` through ``PlainHTTPExchange``, following 301, 302, 303, 307 and 308
    /// within the one deadline; a redirect to `https://` goes on through `URLSession`.
    func sendFollowingRedirects(_ request: URLRequest, deadline seconds: TimeInterval) async throws(LabelClientError) -> Response {
        let end = DispatchTime.now().uptimeNanoseconds &+ UInt64(max(seconds, 0) * 1e9)
        var request = request
        for _ in 0...Self.maxRedirects {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < end else { throw .timedOut }
            let left = TimeInterval(end - now) / 1e9
            guard let exchange = try PlainHTTPExchange(request, limit: bodyLimit) else {
                return try await sendThroughURLSession(request, deadline: left)
            }
            let response = try await exchange.send(seconds: left)
            guard let next = Self.request(following: response, from: request) else { return response }
            request = next
        }
        throw .transport(.tooManyRedirects(limit: Self.maxRedirects))
    }

    /// The request a redirect asks for; `nil` when `response` is not one that can be
    /// followed (another status, no `Location`, a scheme other than HTTP's).
    static func request(following response: Response, from request: URLRequest) -> URLRequest? {
        guard [301, 302, 303, 307, 308].contains(response.status), let location = response.header("Location"),
              let base = request.url, let url = URL(string: location, relativeTo: base)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        var next = request
        next.url = url
        // 303, and 301 or 302 after a POST, become a GET without a body, as URLSession does.
        if response.status == 303 || (response.status <= 302 && request.httpMethod == "POST") {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.setValue(nil, forHTTPHeaderField: "Content-Type")
        }
        return next
    }
}
#endif
