import HTTP1

/// Guards admin routes with `Authorization: Bearer <token>`.
package struct AdminAuthorization: Sendable {
    private let token: [UInt8]?

    /// - Parameter token: `LABEL_SERVER_ADMIN_TOKEN`; `nil` or empty disables admin routes.
    package init(token: String?) {
        self.token = token.flatMap { $0.isEmpty ? nil : Array($0.utf8) }
    }

    /// Throws 403 when admin is disabled, 400 for two `Authorization` fields,
    /// 401 when the token is missing or wrong.
    func check(_ request: HTTPRequest) throws(APIError) {
        guard let token else {
            throw APIError(.forbidden, "admin_disabled", "admin routes are disabled: set LABEL_SERVER_ADMIN_TOKEN")
        }
        let fields = request.headers.values(.authorization)
        // Which one a proxy or the next hop would honour is anyone's guess.
        guard fields.count <= 1 else {
            throw APIError(.badRequest, "duplicate_authorization", "more than one Authorization header field")
        }
        guard Self.constantTimeEquals(Self.bearerToken(fields.first ?? ""), token) else {
            throw APIError(.unauthorized, "unauthorized", "a valid Authorization: Bearer token is required",
                           headers: [.wwwAuthenticate: "Bearer"])
        }
    }

    /// The credentials of `Bearer 1*SP token` (RFC 9110 §11.4: the scheme is
    /// case-insensitive and followed by one or more spaces); empty otherwise.
    static func bearerToken(_ field: String) -> [UInt8] {
        let bytes = Array(field.utf8)
        let scheme = Array("bearer".utf8)
        guard bytes.count > scheme.count,
              zip(bytes, scheme).allSatisfy({ $0 | 0x20 == $1 }),
              bytes[scheme.count] == UInt8(ascii: " ") else { return [] }
        return Array(bytes[scheme.count...].drop { $0 == UInt8(ascii: " ") })
    }

    /// Compares without an early exit, so timing does not reveal how much of
    /// a guess was right; only the length of the real token leaks. Lengths are
    /// compared whole (a length folded into 8 bits once let token + 256 bytes in).
    static func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference: UInt8 = 0
        for index in 0..<b.count {
            difference |= (index < a.count ? a[index] : 0) ^ b[index]
        }
        return difference == 0 && a.count == b.count
    }
}
