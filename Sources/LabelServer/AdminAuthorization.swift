import HTTP1

/// Guards admin routes with `Authorization: Bearer <token>`.
public struct AdminAuthorization: Sendable {
    private let token: [UInt8]?

    /// - Parameter token: `LABEL_SERVER_ADMIN_TOKEN`; `nil` or empty disables admin routes.
    public init(token: String?) {
        self.token = token.flatMap { $0.isEmpty ? nil : Array($0.utf8) }
    }

    /// Throws 403 when admin is disabled, 401 when the token is missing or wrong.
    func check(_ request: HTTPRequest) throws(APIError) {
        guard let token else {
            throw APIError(.forbidden, "admin_disabled", "admin routes are disabled: set LABEL_SERVER_ADMIN_TOKEN")
        }
        let header = request.headers.first(name: "Authorization") ?? ""
        let prefix = "Bearer "
        let given = header.utf8.count > prefix.utf8.count && header.lowercased().hasPrefix("bearer ")
            ? Array(header.utf8.dropFirst(prefix.utf8.count)) : []
        guard Self.constantTimeEquals(given, token) else {
            throw APIError(.unauthorized, "unauthorized", "a valid Authorization: Bearer token is required",
                           headers: ["WWW-Authenticate": "Bearer"])
        }
    }

    /// Compares without an early exit, so timing does not reveal how much of
    /// a guess was right; only the length of the real token leaks.
    static func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
        for index in 0..<b.count {
            difference |= (index < a.count ? a[index] : 0) ^ b[index]
        }
        return difference == 0
    }
}
