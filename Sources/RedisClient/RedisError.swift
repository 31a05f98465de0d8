/// Why a Redis call gave no replies. Each case has a stable ``code``; the text names the
/// server (never the password) and what happened.
package enum RedisError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Backing off after a failure: the call did not touch the network. `lastFailure` is the
    /// failure that started the backoff, `retryInMilliseconds` when the next try is allowed.
    case unavailable(lastFailure: String, retryInMilliseconds: Int)
    /// The connection could not be made (refused, unreachable, a name that does not resolve).
    case connect(String)
    /// Connecting, or a round trip, passed its deadline.
    case timeout(String)
    /// The server refused the login or the session: `WRONGPASS`, `NOPERM` on `AUTH`/`SELECT`,
    /// `NOAUTH` (a password is needed), or `AUTH` refused.
    case authentication(String)
    /// `SELECT` refused (a database the server does not have).
    case database(String)
    /// The server sent what RESP2 does not allow, or more than the parser's limits.
    case protocolError(RESPParseError)
    /// Reading or writing failed, or the server closed the connection mid-call.
    case io(String)

    /// A stable word for logs, metrics and tests.
    package var code: String {
        switch self {
        case .unavailable: "unavailable"
        case .connect: "connect"
        case .timeout: "timeout"
        case .authentication: "authentication"
        case .database: "database"
        case .protocolError: "protocol"
        case .io: "io"
        }
    }

    package var description: String {
        switch self {
        case .unavailable(let last, let milliseconds): "Redis unavailable (retry in \(milliseconds) ms; last failure: \(last))"
        case .connect(let text), .timeout(let text), .authentication(let text), .database(let text), .io(let text): text
        case .protocolError(let error): "Redis protocol error: \(error)"
        }
    }
}
