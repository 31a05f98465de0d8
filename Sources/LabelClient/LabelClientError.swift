/// Why ``LabelClient/labels(language:)`` or ``LabelClient/flushMissing()`` failed.
public enum LabelClientError: Error, Sendable, Equatable {
    /// The language is not a well-formed BCP 47 tag.
    case invalidLanguage(String)
    /// No labels at all: the server failed (`network` says how), there is no
    /// cached copy, and no fallback store (or it could not be loaded: `fallback`).
    case unavailable(network: String, fallback: String?)
    /// The server answered with an unexpected status.
    case status(Int)
    /// The launch fetch (download and decoding) did not finish within the
    /// client's timeout, or a `flushMissing` got no answer within it.
    case timedOut
    /// The request never got a response (connection refused, reset, DNS...).
    case transport(String)
    /// The server's bundle could not be read (not JSON, or from a server too old
    /// to carry `entries`), or is not an answer to the request (another table, or a
    /// language the requested one cannot fall back to).
    case malformedBundle(String)
    /// The response body passed the client's ``LabelClient/bodyLimit`` (`limit`, in
    /// bytes after decompression): the download was stopped there.
    case bodyTooLarge(limit: Int)
    /// `flushMissing` sent a batch the server rejected for good (4xx other than
    /// 408/429); the batch was dropped so that it does not block later reports.
    case rejected(status: Int, dropped: Int)

    /// The reason ``malformedBundle(_:)`` carried for a body past the limit before
    /// ``bodyTooLarge(limit:)`` existed; nothing throws it any more.
    @available(*, deprecated, message: "a body past the limit is LabelClientError.bodyTooLarge(limit:)")
    public static func bodyLimitMessage(_ limit: Int) -> String {
        "the body passed the limit of \(limit) bytes (after decompression); the download was stopped"
    }
}
