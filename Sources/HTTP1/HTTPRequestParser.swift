/// An incremental, pipelining-aware HTTP/1.x request parser: a pure function of the bytes fed.
///
/// Feed bytes with ``append(_:)`` as they arrive, then call ``next()`` until it returns
/// ``HTTPParseResult/needMoreData``; each call yields at most one request, in arrival order,
/// and keeps leftover bytes for the next request. Requests may be split at any byte.
///
/// Strictness follows RFC 9112 (see ``HTTPParserLimits`` for the size limits):
/// - Lines must end in CRLF; a bare LF or a bare CR is rejected (400). RFC 9112 §2.2 lets a
///   recipient accept bare LF, but every real client sends CRLF and lenient line endings are
///   a request-smuggling vector behind proxies.
/// - Empty lines before a request line are skipped (RFC 9112 §2.2), up to the request-line limit.
/// - Request line: `method SP target SP HTTP/d.d`, single spaces. HTTP/1.0 and 1.1 are served;
///   any other well-formed version → 505; anything else → 400.
/// - Targets: origin-form, asterisk-form (OPTIONS only), absolute-form (http/https; its path
///   and query are used). Authority-form → 501 for CONNECT, otherwise 400.
/// - Header fields: obs-fold, whitespace before the colon, invalid name bytes, or control bytes
///   in values → 400. HTTP/1.1 needs exactly one `Host`; HTTP/1.0 at most one (else 400).
/// - Framing: `Content-Length` with `Transfer-Encoding` → 400. More than one `Content-Length`
///   field → 400, even with identical values (a list like `1,1` is also rejected): legitimate
///   clients never send it, and one rule is easier to audit. `Content-Length` must be 1*DIGIT.
/// - `Transfer-Encoding` must end in `chunked` (else 400, RFC 9112 §6.3); other codings before
///   it (`gzip, chunked`) → 501; `chunked` twice → 400; any `Transfer-Encoding` on HTTP/1.0 → 400.
/// - Chunked bodies are decoded; chunk extensions are ignored; trailer fields are validated
///   like header fields, counted against the same limits, and dropped.
///
/// After an error the parser is dead: ``next()`` keeps returning that error and the
/// connection must be closed.
package struct HTTPRequestParser: Sendable {
    /// How far the parser is into the next request, for timeout decisions.
    package enum Progress: Sendable, Hashable {
        /// No byte of a next request has arrived (blank lines between requests don't count).
        case idle
        /// Reading the request line or header fields.
        case head
        /// Reading the body (or chunked trailers).
        case body
        /// A parse error occurred; no further requests will be produced.
        case failed
    }

    enum State: Sendable {
        case requestLine
        case headers
        case fixedBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case failed(HTTPParseError)
    }

    /// The request line and fields of the request being read.
    struct Head: Sendable {
        var method: HTTPMethod
        /// The target when it is not origin-form or asterisk-form (nil: `path` and `query` rebuild it).
        var target: String?
        var path: String
        var query: String?
        var version: HTTPVersion
        var headers = HTTPHeaders()
    }

    /// The limits this parser enforces.
    package let limits: HTTPParserLimits

    /// Whether a head buffered whole is read in one pass (``readWholeHead()``) before the
    /// line-by-line states; false only to compare the two in tests.
    package var readsWholeHeads = true

    var buffer: [UInt8] = []
    /// Index in `buffer` of the first unconsumed byte.
    var start = 0
    /// Index in `buffer` up to which no LF was found; avoids rescanning on byte-by-byte input.
    var scan = 0
    /// Bytes dropped from the front of `buffer` so far; turns indexes into stream offsets.
    var discarded = 0
    var state: State = .requestLine
    var head: Head?
    var body: [UInt8] = []
    /// The field storage of a request answered, emptied, for the next head (see ``recycle(_:)``).
    var spareFields = HTTPHeaders()
    var emptyLineBytes = 0
    var fieldBytes = 0
    var fieldCount = 0
    var expectsContinue = false
    /// The request line that failed to parse (set only then; a line that is not yet
    /// complete is read from `start`).
    var failedLine: Range<Int>?

    /// After an error: the request line of the request rejected, as received, for the
    /// server's log (`nil` before any error, or when no byte of a request line had come).
    package private(set) var rejectedRequestLine: RequestLineExcerpt?

    /// Creates a parser with the given limits.
    package init(limits: HTTPParserLimits = .default) {
        self.limits = limits
    }

    /// Buffers more input bytes. Call ``next()`` afterwards to get requests.
    package mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        if case .failed = state { return }
        buffer.append(contentsOf: bytes)
    }

    /// Buffers more input bytes from a read buffer: a plain copy (the generic
    /// ``append(_:)`` is not specialized across modules and copied element by element).
    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if case .failed = state { return }
        buffer.append(contentsOf: bytes.assumingMemoryBound(to: UInt8.self))
    }

    /// Buffers `bytes` and returns the next result; equivalent to ``append(_:)`` then ``next()``.
    package mutating func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> HTTPParseResult {
        append(bytes)
        return next()
    }

    /// Returns the next complete request, ``HTTPParseResult/needMoreData``, or the error that
    /// killed the parser.
    package mutating func next() -> HTTPParseResult {
        if case .failed(let error) = state { return .error(error) }
        if case .requestLine = state, let request = readWholeHead() {
            compact()
            return .request(request)
        }
        do {
            let request = try step()
            compact()
            guard let request else { return .needMoreData }
            return .request(request)
        } catch {
            state = .failed(error)
            rejectedRequestLine = excerptOfRejectedRequest()
            buffer = []
            start = 0
            scan = 0
            body = []
            head = nil
            return .error(error)
        }
    }

    /// Storage above this many bytes is not kept for the next request.
    static let recycledFieldBytes = 4096

    /// Takes the fields of a request the server is done with, so the next head read in
    /// one pass fills their storage instead of allocating its own (a `malloc` and a
    /// `free` a request). `headers` is left empty. Storage another
    /// value still shares is not reused, nor storage above ``recycledFieldBytes``.
    package mutating func recycle(_ headers: inout HTTPHeaders) {
        swap(&spareFields, &headers)
        spareFields.removeAll(keepingCapacityUpTo: Self.recycledFieldBytes)
    }

    /// Where the parser is within the next request.
    package var progress: Progress {
        switch state {
        case .requestLine: start == buffer.count ? .idle : .head
        case .headers: .head
        case .fixedBody, .chunkSize, .chunkData, .chunkDataEnd, .trailers: .body
        case .failed: .failed
        }
    }

    /// Bytes buffered but not yet consumed by a returned request.
    package var bufferedByteCount: Int { buffer.count - start }

    /// Returns true once for each request whose head carried `Expect: 100-continue` (HTTP/1.1)
    /// while its body is still incomplete; the server should then send `100 Continue`.
    package mutating func takeContinueExpectation() -> Bool {
        guard expectsContinue else { return false }
        expectsContinue = false
        if case .failed = state { return false }
        return progress == .body
    }

    // MARK: - Driving the states

    private mutating func step() throws(HTTPParseError) -> HTTPRequest? {
        while true {
            switch state {
            case .requestLine:
                guard let line = try readLine(limit: limits.maxRequestLineBytes, tooLong: .uriTooLong) else {
                    return nil
                }
                if line.isEmpty {
                    emptyLineBytes += 2
                    if emptyLineBytes > limits.maxRequestLineBytes {
                        throw HTTPParseError(.tooManyEmptyLines, at: offset(line.lowerBound))
                    }
                    continue
                }
                do {
                    head = try parseRequestLine(line)
                } catch {
                    failedLine = line
                    throw error
                }
                state = .headers
            case .headers:
                guard let line = try readLine(limit: limits.maxHeaderBytes - fieldBytes, tooLong: .headers) else {
                    return nil
                }
                if line.isEmpty {
                    if let request = try finishHead(at: line.lowerBound) { return request }
                    continue
                }
                let field = try parseFieldLine(line)
                // Copied as bytes into the head's one field buffer: no String per field.
                buffer.withUnsafeBytes { raw in
                    head?.headers.append(name: UnsafeRawBufferPointer(rebasing: raw[field.name]),
                                         value: UnsafeRawBufferPointer(rebasing: raw[field.value]))
                }
            case .fixedBody(let remaining):
                guard buffer.count - start >= remaining else { return nil }
                body = Array(buffer[start..<(start + remaining)])
                consume(upTo: start + remaining)
                return finishRequest()
            case .chunkSize:
                guard let line = try readLine(limit: limits.maxChunkSizeLineBytes, tooLong: .chunkSize) else {
                    return nil
                }
                let size = try parseChunkSizeLine(line)
                if size == 0 {
                    fieldBytes = 0
                    fieldCount = 0
                    state = .trailers
                } else {
                    state = .chunkData(remaining: size)
                }
            case .chunkData(let remaining):
                let take = min(remaining, buffer.count - start)
                guard take > 0 else { return nil }
                body.append(contentsOf: buffer[start..<(start + take)])
                consume(upTo: start + take)
                state = take == remaining ? .chunkDataEnd : .chunkData(remaining: remaining - take)
            case .chunkDataEnd:
                let available = buffer.count - start
                if available >= 1 && buffer[start] != ByteClass.cr {
                    throw HTTPParseError(.chunkDataNotFollowedByCRLF, at: offset(start))
                }
                guard available >= 2 else { return nil }
                guard buffer[start + 1] == ByteClass.lf else {
                    throw HTTPParseError(.chunkDataNotFollowedByCRLF, at: offset(start + 1))
                }
                consume(upTo: start + 2)
                state = .chunkSize
            case .trailers:
                guard let line = try readLine(limit: limits.maxHeaderBytes - fieldBytes, tooLong: .trailers) else {
                    return nil
                }
                if line.isEmpty { return finishRequest() }
                _ = try parseFieldLine(line)  // validated and counted, then dropped
            case .failed(let error):
                throw error
            }
        }
    }

    enum LineKind { case uriTooLong, headers, trailers, chunkSize }

    /// Returns the content range of the next CRLF-terminated line and consumes it, or nil if
    /// no complete line is buffered yet. Enforces `limit` on the content length.
    private mutating func readLine(limit: Int, tooLong kind: LineKind) throws(HTTPParseError) -> Range<Int>? {
        let end = buffer.count
        let found: Int? = buffer.withUnsafeBufferPointer { bytes in
            var i = scan
            while i < end {
                if bytes[i] == ByteClass.lf { return i }
                i += 1
            }
            return nil
        }
        guard let lf = found else {
            scan = end
            // One extra byte: a trailing CR may still be completed by its LF.
            if end - start > limit + 1 { throw lineTooLong(kind, at: start + limit) }
            return nil
        }
        guard lf > start, buffer[lf - 1] == ByteClass.cr else {
            throw HTTPParseError(.bareLineFeed, at: offset(lf))
        }
        let line = start..<(lf - 1)
        if line.count > limit { throw lineTooLong(kind, at: start + limit) }
        consume(upTo: lf + 1)
        return line
    }

    private func lineTooLong(_ kind: LineKind, at index: Int) -> HTTPParseError {
        let reason: HTTPParseError.Reason = switch kind {
        case .uriTooLong: .requestLineTooLong(limit: limits.maxRequestLineBytes)
        case .headers: .headerSectionTooLarge(limit: limits.maxHeaderBytes)
        case .trailers: .trailerSectionTooLarge(limit: limits.maxHeaderBytes)
        case .chunkSize: .chunkSizeLineTooLong(limit: limits.maxChunkSizeLineBytes)
        }
        return HTTPParseError(reason, at: offset(index))
    }

    mutating func consume(upTo index: Int) {
        start = index
        scan = index
    }

    func offset(_ index: Int) -> Int { discarded + index }

    mutating func finishRequest() -> HTTPRequest {
        let h = head.take()!   // moved out: no copy of the head and its headers
        var request = HTTPRequest(
            method: h.method, path: h.path, query: h.query, version: h.version, headers: h.headers, body: body)
        if let target = h.target { request.target = target }
        body = []
        emptyLineBytes = 0
        fieldBytes = 0
        fieldCount = 0
        expectsContinue = false
        state = .requestLine
        return request
    }

    /// Drops consumed bytes so the buffer does not grow across a long keep-alive connection.
    private mutating func compact() {
        if start == buffer.count {
            discarded += start
            if buffer.capacity > 65536 {
                buffer = []  // don't pin a large body's capacity for the life of the connection
            } else {
                buffer.removeAll(keepingCapacity: true)
            }
            start = 0
            scan = 0
        } else if start >= 4096 && start * 2 >= buffer.count {
            discarded += start
            buffer.removeFirst(start)
            scan -= start
            start = 0
        }
    }
}
