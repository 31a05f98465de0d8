public import LabelCore

/// Why ``LabelClient/labels(language:policy:)`` or ``LabelClient/flushMissing()`` failed.
/// Every case carries values (a status, a limit, a reason enum), never a sentence:
/// ``description`` builds the text for logs.
public enum LabelClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The language is not a well-formed BCP 47 tag (the text given).
    case invalidLanguage(String)
    /// No labels at all: the server failed (`network` says how), there is no cached
    /// copy, and no fallback store (or it could not be loaded: `fallback`, the loader's
    /// problems).
    indirect case unavailable(network: LabelClientError, fallback: StoreLoadError?)
    /// The server answered with an unexpected status.
    case status(Int)
    /// The launch fetch (download and decoding) did not finish within the
    /// client's timeout, or a `flushMissing` got no answer within it.
    case timedOut
    /// The request never got a response (connection refused, reset, DNS...).
    case transport(Transport)
    /// The server's bundle could not be read (not JSON, or from a server too old
    /// to carry `entries`), or is not an answer to the request (another table, or a
    /// language the requested one cannot fall back to); also a cache file that is not one.
    case malformedBundle(BundleProblem)
    /// The response body passed the client's ``LabelClient/bodyLimit`` (`limit`, in
    /// bytes after decompression): the download was stopped there.
    case bodyTooLarge(limit: Int)
    /// `flushMissing` sent a batch the server rejected for good (4xx other than
    /// 408/429); the batch was dropped so that it does not block later reports.
    case rejected(status: Int, dropped: Int)

    public var description: String {
        switch self {
        case .invalidLanguage(let text): "\"\(text)\" is not a BCP 47 language tag"
        case .unavailable(let network, let fallback):
            "no labels: the server failed (\(network))" + (fallback.map { "; the fallback store cannot be read (\($0))" } ?? "")
        case .status(let code): "the server answered \(code)"
        case .timedOut: "timed out"
        case .transport(let failure): failure.description
        case .malformedBundle(let problem): "malformed bundle: \(problem)"
        case .bodyTooLarge(let limit): "the body passed the limit of \(limit) bytes (after decompression); the download was stopped"
        case .rejected(let status, let dropped): "the server rejected the batch (\(status)); \(dropped) reports dropped"
        }
    }
}
