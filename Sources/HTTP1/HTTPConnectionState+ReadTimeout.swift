extension HTTPConnectionState {
    /// A request the client did not finish sending in time (``Action/timedOut(_:)``): the
    /// server answers 408 and closes. Its status, code and message are computed here, as a
    /// parse error's are from its reason.
    package enum ReadTimeout: Sendable, Hashable, CustomStringConvertible {
        /// The request line and header fields, within `headerReadTimeout` (slowloris).
        case head
        /// The body, within `bodyReadTimeout`.
        case body

        /// 408.
        package var status: HTTPStatus { .requestTimeout }
        /// `request_timeout`.
        package var code: String { "request_timeout" }
        /// The message sent to the client (the same for head and body).
        package var message: String { "the request was not received in time" }

        package var description: String {
            "\(status.code) \(code): the request's \(self == .head ? "head" : "body") was not received in time"
        }
    }
}
