/// Every limit the request parser enforces, with its default and the status it maps to.
///
/// All sizes are in bytes. A value exactly at a limit is accepted; one byte more is rejected.
package struct HTTPParserLimits: Sendable, Hashable {
    /// Longest method token. Default 32. Longer → 501 (RFC 9112 §3: a method longer than any
    /// implemented one SHOULD get 501).
    package var maxMethodBytes: Int
    /// Longest request line, excluding its CRLF. Default 16 KiB (16384): room for a 1 KiB key
    /// and 16 arguments, all percent-encoded UTF-8. Longer → 414.
    /// Also bounds the empty lines tolerated before a request line (more → 400).
    package var maxRequestLineBytes: Int
    /// Largest header section: the sum of the lengths of all field lines, each excluding its
    /// CRLF (the request line and the final empty line are not counted). Default 16 KiB
    /// (16384). Larger → 431. The same budget applies separately to chunked trailers.
    package var maxHeaderBytes: Int
    /// Most header fields in one request. Default 100. More → 431. Also applies to trailers.
    package var maxHeaderCount: Int
    /// Largest body after chunked decoding, and largest accepted `Content-Length`.
    /// Default 1 MiB (1048576). Larger → 413.
    package var maxBodyBytes: Int
    /// Longest chunk-size line (hex size plus ignored chunk extensions), excluding CRLF.
    /// Default 256. Longer → 400.
    package var maxChunkSizeLineBytes: Int

    /// Creates limits; every parameter defaults to the documented default.
    package init(
        maxMethodBytes: Int = 32,
        maxRequestLineBytes: Int = 16384,
        maxHeaderBytes: Int = 16384,
        maxHeaderCount: Int = 100,
        maxBodyBytes: Int = 1_048_576,
        maxChunkSizeLineBytes: Int = 256
    ) {
        self.maxMethodBytes = maxMethodBytes
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
        self.maxChunkSizeLineBytes = maxChunkSizeLineBytes
    }

    /// The defaults.
    package static let `default` = HTTPParserLimits()
}
