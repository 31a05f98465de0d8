/// Encodes a response's status line, header fields and body into one contiguous byte array,
/// so the server can write a whole response with one system call.
///
/// The encoder owns the framing fields: it writes `Date` (when given), `Content-Length`
/// (omitted for 1xx/204/304; for HEAD it is the length the GET body would have, and the
/// body itself is omitted) and `Connection` (`close` when the connection will close,
/// `keep-alive` for a persistent HTTP/1.0 connection). `Content-Length`, `Transfer-Encoding`,
/// `Connection` and `Date` fields in ``HTTPResponse/headers`` are ignored.
///
/// The status line always says `HTTP/1.1` (RFC 9110 §6.2: a server sends its own highest
/// minor version). To prevent response splitting, fields with an invalid name are dropped
/// and control bytes in values and the reason phrase are replaced by spaces.
package enum HTTPResponseEncoder {
    /// The interim response sent when a request says `Expect: 100-continue`.
    package static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Encodes `response` as a new byte array.
    /// - Parameters:
    ///   - requestMethod: the method of the request answered (HEAD suppresses the body).
    ///   - requestVersion: the version of the request answered (decides `Connection: keep-alive`).
    ///   - keepAlive: whether the connection stays open after this response.
    ///   - date: the precomputed `Date` value (see ``IMFFixdate``), or nil to omit the field.
    ///   - everyResponse: fields the server sends on every response, after the response's own.
    package static func encode(
        _ response: HTTPResponse,
        requestMethod: HTTPMethod = .get,
        requestVersion: HTTPVersion = .http1_1,
        keepAlive: Bool,
        date: [UInt8]?,
        everyResponse: EncodedFields = .none
    ) -> [UInt8] {
        var out: [UInt8] = []
        encode(
            response, into: &out, requestMethod: requestMethod, requestVersion: requestVersion,
            keepAlive: keepAlive, date: date, everyResponse: everyResponse)
        return out
    }

    /// Appends the encoding of `response` to `out` (for pipelined responses batched in one write).
    package static func encode(
        _ response: HTTPResponse,
        into out: inout [UInt8],
        requestMethod: HTTPMethod = .get,
        requestVersion: HTTPVersion = .http1_1,
        keepAlive: Bool,
        date: [UInt8]?,
        everyResponse: EncodedFields = .none
    ) {
        let sendsBody = encodeHead(response, into: &out, requestMethod: requestMethod, requestVersion: requestVersion,
                                   keepAlive: keepAlive, date: date, everyResponse: everyResponse, reservingBody: true)
        if sendsBody {
            out.append(contentsOf: response.body)
        }
    }

    /// Appends the status line and header section of `response` (ending in the empty
    /// line) but not its body, so a server can send a large shared body by reference
    /// after the head instead of copying it.
    ///
    /// `everyResponse` follows the response's own fields: what a server sends on every
    /// answer (a security header), encoded once instead of added to each response's fields.
    ///
    /// - Returns: whether the body must follow on the wire (false for HEAD and 1xx/204/304).
    @discardableResult
    package static func encodeHead(
        _ response: HTTPResponse,
        into out: inout [UInt8],
        requestMethod: HTTPMethod = .get,
        requestVersion: HTTPVersion = .http1_1,
        keepAlive: Bool,
        date: [UInt8]?,
        everyResponse: EncodedFields = .none,
        reservingBody: Bool = false
    ) -> Bool {
        let status = response.status
        let hasContentLength = !status.forbidsContent
        let sendsBody = hasContentLength && requestMethod != .head
        let reason = status.reasonPhrase
        // The status lines most answers have, whole: no number or reason written per response.
        let statusLine: StaticString? = switch status.code {
        case 200 where reason == "OK": "HTTP/1.1 200 OK\r\n"
        case 304 where reason == "Not Modified": "HTTP/1.1 304 Not Modified\r\n"
        case 404 where reason == "Not Found": "HTTP/1.1 404 Not Found\r\n"
        default: nil
        }

        // Written into one scratch buffer, then appended to `out` at once: every
        // `Array.append` checks capacity and uniqueness before it copies a byte. The bound: 96
        // covers the fixed text (status line without its reason, `Date: `, a 20-digit
        // `Content-Length`, `Connection: keep-alive`, CRLFs); a stored field takes more
        // bytes than its encoding.
        let bound = 96 + reason.utf8.count + (date?.count ?? 0) + response.headers.byteCount + everyResponse.bytes.count
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { scratch in
            var writer = ByteWriter(scratch)
            if let statusLine {
                writer.write(statusLine)
            } else {
                writer.write("HTTP/1.1 ")
                writer.writeDecimal(UInt(min(max(status.code, 100), 999)))
                writer.write(ByteClass.sp)
                HTTPHeaders.withUTF8(reason) { writer.writeSanitized($0) }
                writer.write("\r\n")
            }
            if let date {
                writer.write("Date: ")
                date.withUnsafeBufferPointer { writer.write($0) }
                writer.write("\r\n")
            }
            if response.encodedFields.encodes(response.headers) {
                response.encodedFields.bytes.withUnsafeBufferPointer { writer.write($0) }
            } else {
                writer.write(fields: response.headers)
            }
            everyResponse.bytes.withUnsafeBufferPointer { writer.write($0) }
            if hasContentLength {
                writer.write("Content-Length: ")
                writer.writeDecimal(UInt(response.body.count))
                writer.write("\r\n")
            }
            if !keepAlive {
                writer.write("Connection: close\r\n")
            } else if requestVersion == .http1_0 {
                writer.write("Connection: keep-alive\r\n")
            }
            writer.write("\r\n")
            out.reserveCapacity(out.count + writer.count + (sendsBody && reservingBody ? response.body.count : 0))
            out.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<writer.count]))
        }
        return sendsBody
    }

    /// A valid token that is not one of the framing fields the encoder owns.
    static func isWritableName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        !name.isEmpty && ByteClass.allTchar(name) && isWritableToken(name)
    }

    /// Whether a name already known to be a token is not one of the framing fields the encoder owns.
    static func isWritableToken(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        switch name.count {
        case 4: !HTTPField.Name.date.matches(name)
        case 10: !HTTPField.Name.connection.matches(name)
        case 14: !HTTPField.Name.contentLength.matches(name)
        case 17: !HTTPField.Name.transferEncoding.matches(name)
        default: true
        }
    }

    /// Whether a value has no control bytes, so it can be written without sanitizing.
    static func isClean(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteClass.allFieldValueBytes(value)
    }
}
