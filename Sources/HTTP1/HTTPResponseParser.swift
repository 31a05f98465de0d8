/// A strict, incremental parser for one HTTP/1.1 response (RFC 9112), for the client side.
///
/// Pure: bytes in (``append(_:)``, ``finish()`` at end of stream), a value or a typed error
/// out (``next()``). It reads exactly one final response (interim 1xx responses are skipped)
/// and is as strict as the request parser: no bare LF, no obs-fold, no whitespace before a
/// colon, no control bytes in values, one `Content-Length` (identical repeats refused too),
/// never both it and `Transfer-Encoding`, only `chunked`, and size limits on head and body,
/// because what it reads comes from another machine.
package struct HTTPResponseParser: Sendable {
    /// Bounds on what a peer may send.
    package struct Limits: Sendable, Hashable {
        package var maxHeaderBytes: Int
        package var maxHeaderCount: Int
        package var maxBodyBytes: Int

        package init(maxHeaderBytes: Int = 16 << 10, maxHeaderCount: Int = 100, maxBodyBytes: Int = 16 << 20) {
            self.maxHeaderBytes = maxHeaderBytes
            self.maxHeaderCount = maxHeaderCount
            self.maxBodyBytes = maxBodyBytes
        }
    }

    private enum State: Sendable {
        case head
        case fixedBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case untilClose
        case done
    }

    package let limits: Limits
    /// HEAD responses have no body whatever their framing headers say.
    private let requestWasHead: Bool
    private var buffer: [UInt8] = []
    /// Bytes of `buffer` already consumed; `base` is the stream offset of `buffer[0]`.
    private var index = 0
    private var base = 0
    /// Where the search for the end of the current line resumes.
    private var scan = 0
    private var state = State.head
    private var ended = false
    private var headBytes = 0
    private var trailerBytes = 0
    private var version = HTTPVersion.http1_1
    private var status = HTTPStatus.ok
    private var fields: [HTTPField] = []
    private var sawStatusLine = false
    private var body: [UInt8] = []
    private var result: Result<HTTPReceivedResponse, HTTPResponseParseError>?

    package init(limits: Limits = Limits(), requestWasHead: Bool = false) {
        self.limits = limits
        self.requestWasHead = requestWasHead
    }

    /// Adds bytes read from the connection.
    package mutating func append<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        guard result == nil else { return }
        if index > 4096 && index * 2 > buffer.count {
            buffer.removeFirst(index)
            base += index
            scan -= index
            index = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The connection reached end of stream: a close-delimited body ends here; anything else
    /// still incomplete is ``HTTPResponseParseError/Code/truncated``.
    package mutating func finish() { ended = true }

    /// The response when complete, `nil` when more bytes are needed; errors are sticky.
    package mutating func next() throws(HTTPResponseParseError) -> HTTPReceivedResponse? {
        if let result { return try result.get() }
        do throws(HTTPResponseParseError) {
            guard let response = try step() else {
                if ended { throw HTTPResponseParseError(.truncated, "the stream ended inside the response", at: base + buffer.count) }
                return nil
            }
            result = .success(response)
            return response
        } catch {
            result = .failure(error)
            throw error
        }
    }

    // MARK: Steps

    private mutating func step() throws(HTTPResponseParseError) -> HTTPReceivedResponse? {
        while true {
            switch state {
            case .head:
                guard let line = try nextLine(limit: limits.maxHeaderBytes - headBytes, code: .headerTooLarge) else { return nil }
                headBytes += line.count + 2
                if !sawStatusLine {
                    try parseStatusLine(line)
                    sawStatusLine = true
                } else if line.isEmpty {
                    if let response = try finishHead() { return response }
                } else {
                    guard fields.count < limits.maxHeaderCount else {
                        throw HTTPResponseParseError(.headerTooLarge, "more than \(limits.maxHeaderCount) header fields", at: position(line.lowerBound))
                    }
                    fields.append(try parseField(line))
                }
            case .fixedBody(let remaining):
                let available = min(remaining, buffer.count - index)
                body.append(contentsOf: buffer[index..<(index + available)])
                consume(available)
                if available < remaining {
                    state = .fixedBody(remaining: remaining - available)
                    return nil
                }
                return complete()
            case .chunkSize:
                guard let line = try nextLine(limit: 1024, code: .malformedChunk) else { return nil }
                let size = try parseChunkSize(line)
                state = size == 0 ? .trailers : .chunkData(remaining: size)
            case .chunkData(let remaining):
                let available = min(remaining, buffer.count - index)
                body.append(contentsOf: buffer[index..<(index + available)])
                consume(available)
                if available < remaining {
                    state = .chunkData(remaining: remaining - available)
                    return nil
                }
                state = .chunkDataEnd
            case .chunkDataEnd:
                guard buffer.count - index >= 2 else { return nil }
                guard buffer[index] == ByteClass.cr, buffer[index + 1] == ByteClass.lf else {
                    throw HTTPResponseParseError(.malformedChunk, "chunk data not followed by CRLF", at: position(index))
                }
                consume(2)
                state = .chunkSize
            case .trailers:
                guard let line = try nextLine(limit: limits.maxHeaderBytes - trailerBytes, code: .headerTooLarge) else { return nil }
                trailerBytes += line.count + 2
                if line.isEmpty { return complete() }
                // Trailer fields are checked like header fields and then dropped.
                _ = try parseField(line)
            case .untilClose:
                let available = buffer.count - index
                guard available <= limits.maxBodyBytes - body.count else {
                    throw HTTPResponseParseError(.bodyTooLarge, "body larger than \(limits.maxBodyBytes) bytes", at: position(index))
                }
                body.append(contentsOf: buffer[index...])
                consume(available)
                return ended ? complete() : nil
            case .done:
                return nil
            }
        }
    }

    private mutating func complete() -> HTTPReceivedResponse {
        state = .done
        return HTTPReceivedResponse(version: version, status: status, headers: HTTPHeaders(fields), body: body)
    }

    private mutating func consume(_ count: Int) {
        index += count
        scan = max(scan, index)
    }

    private func position(_ bufferIndex: Int) -> Int { base + bufferIndex }

    /// The next CRLF-terminated line (without the CRLF), consumed; nil when not all there yet.
    /// A bare LF or a CR not followed by LF is an error: only CRLF ends a line.
    private mutating func nextLine(limit: Int, code: HTTPResponseParseError.Code) throws(HTTPResponseParseError) -> Range<Int>? {
        var i = max(scan, index)
        while i < buffer.count {
            let byte = buffer[i]
            if byte == ByteClass.lf {
                guard i > index, buffer[i - 1] == ByteClass.cr else {
                    throw HTTPResponseParseError(.malformedHeader, "bare LF", at: position(i))
                }
                let line = index..<(i - 1)
                index = i + 1
                scan = index
                return line
            }
            if i > index, buffer[i - 1] == ByteClass.cr {
                throw HTTPResponseParseError(.malformedHeader, "CR not followed by LF", at: position(i - 1))
            }
            if i - index >= limit {
                throw HTTPResponseParseError(code, "line longer than the \(max(0, limit)) bytes left", at: position(index))
            }
            i += 1
        }
        scan = i
        return nil
    }

    // MARK: Head

    /// `HTTP-version SP 3DIGIT SP reason-phrase` (the reason may be empty; RFC 9112 §4).
    private mutating func parseStatusLine(_ line: Range<Int>) throws(HTTPResponseParseError) {
        let bytes = buffer[line]
        let start = line.lowerBound
        guard bytes.count >= 12, bytes.starts(with: "HTTP/".utf8), isDigit(buffer[start + 5]),
              buffer[start + 6] == UInt8(ascii: "."), isDigit(buffer[start + 7]), buffer[start + 8] == ByteClass.sp,
              isDigit(buffer[start + 9]), isDigit(buffer[start + 10]), isDigit(buffer[start + 11]),
              bytes.count == 12 || buffer[start + 12] == ByteClass.sp else {
            throw HTTPResponseParseError(.malformedStatusLine, "not HTTP/x.y NNN reason", at: position(start))
        }
        let major = Int(buffer[start + 5] - 0x30)
        let minor = Int(buffer[start + 7] - 0x30)
        guard major == 1, minor <= 1 else {
            throw HTTPResponseParseError(.unsupportedVersion, "HTTP/\(major).\(minor)", at: position(start))
        }
        let code = Int(buffer[start + 9] - 0x30) * 100 + Int(buffer[start + 10] - 0x30) * 10 + Int(buffer[start + 11] - 0x30)
        guard code >= 100 else {
            throw HTTPResponseParseError(.malformedStatusLine, "status code \(code) below 100", at: position(start + 9))
        }
        let reasonStart = min(start + 13, line.upperBound)
        for j in reasonStart..<line.upperBound where !ByteClass.isFieldValueByte(buffer[j]) {
            throw HTTPResponseParseError(.malformedStatusLine, "control byte in reason phrase", at: position(j))
        }
        version = HTTPVersion(major: major, minor: minor)
        status = HTTPStatus(code: code, reasonPhrase: String(decoding: buffer[reasonStart..<line.upperBound], as: UTF8.self))
    }

    private func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// `field-name ":" OWS field-value OWS`, refusing obs-fold and whitespace before the colon.
    private func parseField(_ line: Range<Int>) throws(HTTPResponseParseError) -> HTTPField {
        if ByteClass.isWhitespace(buffer[line.lowerBound]) {
            throw HTTPResponseParseError(.malformedHeader, "obsolete line folding", at: position(line.lowerBound))
        }
        var i = line.lowerBound
        while i < line.upperBound && ByteClass.isTchar(buffer[i]) { i += 1 }
        guard i > line.lowerBound, i < line.upperBound, buffer[i] == ByteClass.colon else {
            throw HTTPResponseParseError(.malformedHeader, "invalid header field name", at: position(i))
        }
        let nameEnd = i
        var valueStart = nameEnd + 1
        var valueEnd = line.upperBound
        while valueStart < valueEnd && ByteClass.isWhitespace(buffer[valueStart]) { valueStart += 1 }
        while valueEnd > valueStart && ByteClass.isWhitespace(buffer[valueEnd - 1]) { valueEnd -= 1 }
        for j in valueStart..<valueEnd where !ByteClass.isFieldValueByte(buffer[j]) {
            throw HTTPResponseParseError(.malformedHeader, "control byte in header field value", at: position(j))
        }
        return HTTPField(name: String(decoding: buffer[line.lowerBound..<nameEnd], as: UTF8.self),
                                 value: String(decoding: buffer[valueStart..<valueEnd], as: UTF8.self))
    }

    /// Decides the body framing (RFC 9112 §6.3); returns the response when it has no body.
    private mutating func finishHead() throws(HTTPResponseParseError) -> HTTPReceivedResponse? {
        let at = position(index)
        if (100..<200).contains(status.code) {
            guard status.code != 101 else {
                throw HTTPResponseParseError(.unexpectedStatus, "101 Switching Protocols was not asked for", at: at)
            }
            // An interim response: the final one follows.
            fields = []
            sawStatusLine = false
            headBytes = 0
            return nil
        }
        let headers = HTTPHeaders(fields)
        let lengths = headers.values(.contentLength)
        let codings = headers.listValues(.transferEncoding)
        if requestWasHead || status.code == 204 || status.code == 304 {
            return complete()
        }
        if headers.contains(.transferEncoding) {
            guard lengths.isEmpty else {
                throw HTTPResponseParseError(.badFraming, "both Content-Length and Transfer-Encoding", at: at)
            }
            guard codings.count == 1, ByteClass.equalIgnoringCase(codings[0], "chunked") else {
                throw HTTPResponseParseError(.unsupportedTransferCoding, "only a single chunked coding is read", at: at)
            }
            state = .chunkSize
            return nil
        }
        guard lengths.count <= 1 else {
            throw HTTPResponseParseError(.badFraming, "more than one Content-Length", at: at)
        }
        guard let text = lengths.first else {
            state = .untilClose
            return nil
        }
        var length = 0
        guard !text.isEmpty else { throw HTTPResponseParseError(.badFraming, "empty Content-Length", at: at) }
        for byte in text.utf8 {
            guard isDigit(byte) else { throw HTTPResponseParseError(.badFraming, "invalid Content-Length", at: at) }
            length = length * 10 + Int(byte - 0x30)
            guard length <= limits.maxBodyBytes else {
                throw HTTPResponseParseError(.bodyTooLarge, "body larger than \(limits.maxBodyBytes) bytes", at: at)
            }
        }
        if length == 0 { return complete() }
        state = .fixedBody(remaining: length)
        body.reserveCapacity(length)
        return nil
    }

    /// `chunk-size [ chunk-ext ]`: hex, then optional `;`-extensions (checked for control bytes, ignored).
    private func parseChunkSize(_ line: Range<Int>) throws(HTTPResponseParseError) -> Int {
        var size = 0
        var i = line.lowerBound
        while i < line.upperBound, let digit = ByteClass.hexValue(buffer[i]) {
            size = size * 16 + digit
            guard size <= limits.maxBodyBytes - body.count else {
                throw HTTPResponseParseError(.bodyTooLarge, "body larger than \(limits.maxBodyBytes) bytes", at: position(line.lowerBound))
            }
            i += 1
        }
        guard i > line.lowerBound else {
            throw HTTPResponseParseError(.malformedChunk, "invalid chunk size", at: position(line.lowerBound))
        }
        var j = i
        while j < line.upperBound && ByteClass.isWhitespace(buffer[j]) { j += 1 }
        if j < line.upperBound {
            guard buffer[j] == UInt8(ascii: ";") else {
                throw HTTPResponseParseError(.malformedChunk, "invalid chunk size", at: position(j))
            }
            for k in j..<line.upperBound where !ByteClass.isFieldValueByte(buffer[k]) {
                throw HTTPResponseParseError(.malformedChunk, "control byte in chunk extension", at: position(k))
            }
        } else if j > i {
            throw HTTPResponseParseError(.malformedChunk, "whitespace after chunk size", at: position(i))
        }
        return size
    }
}
