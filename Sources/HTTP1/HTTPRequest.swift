/// A complete, parsed HTTP/1.x request.
package struct HTTPRequest: Sendable, Hashable {
    /// The request method.
    package var method: HTTPMethod
    /// The request-target exactly as sent on the request line.
    package var target: String {
        get { hasStoredTarget ? storedTarget : query.map { path + "?" + $0 } ?? path }
        set {
            storedTarget = newValue
            hasStoredTarget = true
        }
    }
    /// The target when it was given (`hasStoredTarget`); a parsed origin-form target is
    /// `path` and `query` joined by `?`: no third copy of those bytes per request.
    ///
    /// The optional strings are stored as a string and a flag: with a `String?` stored, the
    /// initializer built the request and copied it whole, retaining and releasing every
    /// part, on every request (Swift 6.3, `-O`).
    private var storedTarget: String
    private var hasStoredTarget: Bool
    /// The path: the target up to `?` (percent-encoding kept). For absolute-form targets this
    /// is the path of the URI (`/` when empty); for asterisk-form it is `*`.
    package var path: String
    /// The raw query after `?` (percent-encoding kept), or nil if the target had no `?`.
    package var query: String? {
        get { hasQuery ? storedQuery : nil }
        set {
            storedQuery = newValue ?? ""
            hasQuery = newValue != nil
        }
    }
    private var storedQuery: String
    private var hasQuery: Bool
    /// The protocol version from the request line.
    package var version: HTTPVersion
    /// The header fields, in order (trailer fields of chunked bodies are not included).
    package var headers: HTTPHeaders
    /// The body, with chunked framing removed.
    package var body: [UInt8]

    /// Creates a request.
    package init(
        method: HTTPMethod,
        target: String,
        path: String? = nil,
        query: String? = nil,
        version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = [:],
        body: [UInt8] = []
    ) {
        self.method = method
        self.storedTarget = target
        self.hasStoredTarget = true
        let parts: (path: String, query: String?)
        if let path {
            parts = (path, query)
        } else if let q = target.firstIndex(of: "?") {
            parts = (String(target[..<q]), String(target[target.index(after: q)...]))
        } else {
            parts = (target, query)
        }
        self.path = parts.path
        self.storedQuery = parts.query ?? ""
        self.hasQuery = parts.query != nil
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// A parsed request whose target is `path`, then `?` and `query` when there is one.
    init(method: HTTPMethod, path: String, query: String?, version: HTTPVersion, headers: HTTPHeaders, body: [UInt8]) {
        self.method = method
        self.storedTarget = ""
        self.hasStoredTarget = false
        self.path = path
        self.storedQuery = query ?? ""
        self.hasQuery = query != nil
        self.version = version
        self.headers = headers
        self.body = body
    }

    package static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.path == rhs.path && lhs.query == rhs.query
            && lhs.version == rhs.version && lhs.headers == rhs.headers && lhs.body == rhs.body
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(target)
        hasher.combine(path)
        hasher.combine(query)
        hasher.combine(version)
        hasher.combine(headers)
        hasher.combine(body)
    }

    /// Whether the client wants the connection kept open after this request (RFC 9112 §9.3):
    /// HTTP/1.1 unless `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`.
    package var keepAlive: Bool {
        if headers.containsToken("close", in: .connection) { return false }
        if version == .http1_1 { return true }
        return version == .http1_0 && headers.containsToken("keep-alive", in: .connection)
    }
}
