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
public enum HTTPResponseEncoder {
    /// The interim response sent when a request says `Expect: 100-continue`.
    public static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Encodes `response` as a new byte array.
    /// - Parameters:
    ///   - requestMethod: the method of the request answered (HEAD suppresses the body).
    ///   - requestVersion: the version of the request answered (decides `Connection: keep-alive`).
    ///   - keepAlive: whether the connection stays open after this response.
    ///   - date: the precomputed `Date` value (see ``IMFFixdate``), or nil to omit the field.
    public static func encode(
        _ response: HTTPResponse,
        requestMethod: HTTPMethod = .get,
        requestVersion: HTTPVersion = .http1_1,
        keepAlive: Bool,
        date: [UInt8]?
    ) -> [UInt8] {
        var out: [UInt8] = []
        encode(
            response, into: &out, requestMethod: requestMethod, requestVersion: requestVersion,
            keepAlive: keepAlive, date: date)
        return out
    }

    /// Appends the encoding of `response` to `out` (for pipelined responses batched in one write).
    public static func encode(
        _ response: HTTPResponse,
        into out: inout [UInt8],
        requestMethod: HTTPMethod = .get,
        requestVersion: HTTPVersion = .http1_1,
        keepAlive: Bool,
        date: [UInt8]?
    ) {
        let sendsBody = encodeHead(response, into: &out, requestMethod: requestMethod, requestVersion: requestVersion,
                                   keepAlive: keepAlive, date: date, reservingBody: true)
        if sendsBody {
            out.append(contentsOf: response.body)
        }
    }

    /// Appends the status line and header section of `response` (ending in the empty
    /// line) but not its body, so a server can send a large shared body by reference
    /// after the head instead of copying it.
    ///
    /// - Returns: whether the body must follow on the wire (false for HEAD and 1xx/204/304).
    @discardableResult
    public static func encodeHead(
        _ response: HTTPResponse,
        into out: inout [UInt8],
        requestMethod: HTTPMethod = .get,
        requestVersion: HTTPVersion = .http1_1,
        keepAlive: Bool,
        date: [UInt8]?,
        reservingBody: Bool = false
    ) -> Bool {
        let status = response.status
        let hasContentLength = !status.forbidsContent
        let sendsBody = hasContentLength && requestMethod != .head

        let headerEstimate = 64 + status.reasonPhrase.utf8.count + (date?.count ?? 0) + response.headers.byteCount
        out.reserveCapacity(out.count + headerEstimate + (sendsBody && reservingBody ? response.body.count : 0))

        // Every piece is appended in bulk (one copy per string, not a checked
        // append per byte): building the head was ~11% of a small response's cost.
        if status.code == 200 && status.reasonPhrase == "OK" {
            append("HTTP/1.1 200 OK\r\n", to: &out)
        } else {
            append("HTTP/1.1 ", to: &out)
            ASCIIDecimal.append(min(max(status.code, 100), 999), to: &out)
            out.append(ByteClass.sp)
            appendSanitized(status.reasonPhrase, to: &out)
            appendCRLF(to: &out)
        }

        if let date {
            append("Date: ", to: &out)
            out.append(contentsOf: date)
            appendCRLF(to: &out)
        }
        response.headers.forEachRaw { name, value in
            if isWritableName(name) {
                out.append(contentsOf: name)
                out.append(ByteClass.colon)
                out.append(ByteClass.sp)
                appendSanitized(value, to: &out)
                appendCRLF(to: &out)
            }
            return true
        }
        if hasContentLength {
            append("Content-Length: ", to: &out)
            ASCIIDecimal.append(response.body.count, to: &out)
            appendCRLF(to: &out)
        }
        if !keepAlive {
            append("Connection: close\r\n", to: &out)
        } else if requestVersion == .http1_0 {
            append("Connection: keep-alive\r\n", to: &out)
        }
        appendCRLF(to: &out)
        return sendsBody
    }

    @inline(__always)
    private static func append(_ text: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A valid token that is not one of the framing fields the encoder owns.
    private static func isWritableName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !name.isEmpty else { return false }
        for byte in name where !ByteClass.isTchar(byte) { return false }
        switch name.count {
        case 4: return !HTTPHeaders.namesEqual(name, "date")
        case 10: return !HTTPHeaders.namesEqual(name, "connection")
        case 14: return !HTTPHeaders.namesEqual(name, "content-length")
        case 17: return !HTTPHeaders.namesEqual(name, "transfer-encoding")
        default: return true
        }
    }

    @inline(__always)
    private static func appendCRLF(to out: inout [UInt8]) {
        out.append(ByteClass.cr)
        out.append(ByteClass.lf)
    }

    /// The value's bytes, control bytes replaced by spaces (no response splitting).
    private static func appendSanitized(_ value: String, to out: inout [UInt8]) {
        HTTPHeaders.withUTF8(value) { appendSanitized($0, to: &out) }
    }

    private static func appendSanitized(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var clean = true
        for byte in bytes where !ByteClass.isFieldValueByte(byte) {
            clean = false
            break
        }
        if clean {
            out.append(contentsOf: bytes)
        } else {
            for byte in bytes { out.append(ByteClass.isFieldValueByte(byte) ? byte : ByteClass.sp) }
        }
    }
}
