/// Encodes a client request: `METHOD target HTTP/1.1`, `Host`, the given fields,
/// `Content-Length` when there is a body, and `Connection: close` (one request per
/// connection keeps the client simple and its failures separate).
package enum HTTPRequestEncoder {
    /// - Returns: nil when the target or a field would break the framing (CR, LF, NUL,
    ///   spaces in the target) — the caller's configuration is at fault, nothing is sent.
    package static func encode(method: HTTPMethod, target: String, host: String, headers: HTTPHeaders = [:],
                              body: [UInt8] = []) -> [UInt8]? {
        guard !target.isEmpty, target.utf8.allSatisfy(ByteClass.isTargetByte),
              host.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(128 + body.count)
        out += method.rawValue.utf8
        out.append(ByteClass.sp)
        out += target.utf8
        out += " HTTP/1.1\r\nHost: ".utf8
        out += host.utf8
        out += "\r\n".utf8
        var valid = true
        headers.forEachStored { field in
            guard !field.name.isEmpty, field.name.allSatisfy(ByteClass.isTchar),
                  field.value.allSatisfy(ByteClass.isFieldValueByte) else {
                valid = false
                return false
            }
            out += field.name
            out += ": ".utf8
            out += field.value
            out += "\r\n".utf8
            return true
        }
        guard valid else { return nil }
        if !body.isEmpty || method == .post || method == .put {
            out += "Content-Length: ".utf8
            out += String(body.count).utf8
            out += "\r\n".utf8
        }
        out += "Connection: close\r\n\r\n".utf8
        out += body
        return out
    }
}
