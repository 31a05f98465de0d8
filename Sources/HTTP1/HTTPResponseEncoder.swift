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

        var headerEstimate = 64 + status.reasonPhrase.utf8.count + (date?.count ?? 0)
        for field in response.headers.fields {
            headerEstimate += field.name.utf8.count + field.value.utf8.count + 4
        }
        out.reserveCapacity(out.count + headerEstimate + (sendsBody && reservingBody ? response.body.count : 0))

        out.append(contentsOf: "HTTP/1.1 ".utf8)
        ASCIIDecimal.append(min(max(status.code, 100), 999), to: &out)
        out.append(ByteClass.sp)
        appendSanitized(status.reasonPhrase, to: &out)
        appendCRLF(to: &out)

        if let date {
            out.append(contentsOf: "Date: ".utf8)
            out.append(contentsOf: date)
            appendCRLF(to: &out)
        }
        for field in response.headers.fields where isWritableName(field.name) {
            out.append(contentsOf: field.name.utf8)
            out.append(ByteClass.colon)
            out.append(ByteClass.sp)
            appendSanitized(field.value, to: &out)
            appendCRLF(to: &out)
        }
        if hasContentLength {
            out.append(contentsOf: "Content-Length: ".utf8)
            ASCIIDecimal.append(response.body.count, to: &out)
            appendCRLF(to: &out)
        }
        if !keepAlive {
            out.append(contentsOf: "Connection: close\r\n".utf8)
        } else if requestVersion == .http1_0 {
            out.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        appendCRLF(to: &out)
        return sendsBody
    }

    /// A valid token that is not one of the framing fields the encoder owns.
    private static func isWritableName(_ name: String) -> Bool {
        let utf8 = name.utf8
        guard !utf8.isEmpty, utf8.allSatisfy(ByteClass.isTchar) else { return false }
        switch utf8.count {
        case 4: return !HTTPHeaders.namesEqual(name, "Date")
        case 10: return !HTTPHeaders.namesEqual(name, "Connection")
        case 14: return !HTTPHeaders.namesEqual(name, "Content-Length")
        case 17: return !HTTPHeaders.namesEqual(name, "Transfer-Encoding")
        default: return true
        }
    }

    @inline(__always)
    private static func appendCRLF(to out: inout [UInt8]) {
        out.append(ByteClass.cr)
        out.append(ByteClass.lf)
    }

    private static func appendSanitized(_ value: String, to out: inout [UInt8]) {
        for byte in value.utf8 {
            out.append(ByteClass.isFieldValueByte(byte) ? byte : ByteClass.sp)
        }
    }
}
