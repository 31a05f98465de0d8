#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LabelClientError {
    /// Why a request got no response.
    public indirect enum Transport: Sendable, Equatable, CustomStringConvertible {
        /// The launch was cancelled.
        case cancelled
        /// URLSession's error (its localized description), or no response at all (`nil`).
        case session(String?)
        /// The base URL and the route make no URL.
        case invalidURL(String)
        /// An `http://` URL without a host, with a port out of range, or whose request
        /// HTTP/1.1 cannot carry.
        case unroutable(url: String, Unroutable)
        /// More redirects than the client follows.
        case tooManyRedirects(limit: Int)
        /// A system call failed (`errno`).
        case system(SystemCall, errno: Int32)
        /// The host name did not resolve (`getaddrinfo`'s status).
        case unresolved(host: String, status: Int32)
        /// No address of the host accepted the connection: the last address's failure
        /// (`nil`: the host has no address).
        case unconnected(host: String, port: Int, Transport?)
        /// The response is not HTTP/1.1 the client reads (the parser's code and byte offset).
        case malformedResponse(code: String, offset: Int)
        /// The body came in content codings the request did not ask for.
        case unrequestedCoding([String])
        /// zlib could not start, or the gzip body does not inflate (zlib's status).
        case inflate(status: Int32?)

        /// What an `http://` URL lacks.
        public enum Unroutable: Sendable, Equatable {
            case noHost
            case port(Int)
            case notHTTP1
        }

        /// The system call that failed.
        public enum SystemCall: String, Sendable, Equatable {
            case poll
            case socket
            case connect
            case read = "reading the response"
            case write = "writing the request"
        }

        public var description: String {
            switch self {
            case .cancelled: "cancelled"
            case .session(let message): message ?? "no response"
            case .invalidURL(let base): "cannot build a URL from \(base)"
            case .unroutable(let url, .noHost): "no host in \(url)"
            case .unroutable(let url, .port(let port)): "port \(port) in \(url)"
            case .unroutable(let url, .notHTTP1): "the request to \(url) cannot be written as HTTP/1.1"
            case .tooManyRedirects(let limit): "more than \(limit) redirects"
            case .system(.socket, let code), .system(.connect, let code): String(cString: strerror(code))
            case .system(let call, let code): "\(call.rawValue): \(String(cString: strerror(code)))"
            case .unresolved(let host, let status): "cannot resolve \(host): \(String(cString: gai_strerror(status)))"
            case .unconnected(let host, let port, let failure): "cannot connect to \(host) port \(port): \(failure.map(\.description) ?? "no address")"
            case .malformedResponse(let code, let offset): "malformed response: \(code) (at byte \(offset))"
            case .unrequestedCoding(let codings): "a body in content coding \(codings.joined(separator: ", ")), not asked for"
            case .inflate(nil): "zlib could not start"
            case .inflate(let status?): "the gzip body does not inflate (zlib \(status))"
            }
        }
    }
}
