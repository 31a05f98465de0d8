/// The `Host` field value grammar: `uri-host [ ":" port ]` (RFC 9112 §3.2,
/// RFC 3986 §3.2.2–3.2.3).
///
/// `uri-host` is an IP-literal (`[` IPv6address or IPvFuture `]`), or a
/// reg-name of unreserved, pct-encoded and sub-delims bytes (which covers
/// IPv4 dotted quads); `port` is `*DIGIT`. An empty value is valid (an
/// authority-less target). Anything else — space, `/`, `@`, `:` outside a
/// port, a bracket left open — is the invalid value RFC 9112 says MUST get 400.
package enum HostSyntax {
    /// Whether `value` is a valid `Host` field value.
    package static func isValid(_ value: String) -> Bool {
        HTTPHeaders.withUTF8(value) { isValid($0) }
    }

    /// Whether the bytes are a valid `Host` field value (the parser checks them in place).
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")),
                  isIPLiteral(Array(bytes[1..<close])[...]) else { return false }
            index = close + 1
        } else {
            while index < bytes.count && bytes[index] != UInt8(ascii: ":") {
                let byte = bytes[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return false }
                    index += 3
                    continue
                }
                guard isUnreserved(byte) || isSubDelim(byte) else { return false }
                index += 1
            }
        }
        guard index < bytes.count else { return true }
        guard bytes[index] == UInt8(ascii: ":") else { return false }
        return bytes[(index + 1)...].allSatisfy { (0x30...0x39).contains($0) }
    }

    private static func isIPLiteral(_ inner: ArraySlice<UInt8>) -> Bool {
        guard let first = inner.first else { return false }
        if first == UInt8(ascii: "v") || first == UInt8(ascii: "V") {
            // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
            let rest = inner.dropFirst()
            guard let dot = rest.firstIndex(of: UInt8(ascii: ".")), dot > rest.startIndex,
                  rest[..<dot].allSatisfy(isHex), dot + 1 < rest.endIndex else { return false }
            return rest[(dot + 1)...].allSatisfy { isUnreserved($0) || isSubDelim($0) || $0 == UInt8(ascii: ":") }
        }
        return isIPv6(inner)
    }

    /// RFC 3986 IPv6address: eight 16-bit pieces, one `::` standing for one or
    /// more zero pieces, the last two pieces optionally a dotted IPv4 address.
    static func isIPv6(_ bytes: ArraySlice<UInt8>) -> Bool {
        let text = Array(bytes)
        var pieces = 0
        var sawDoubleColon = false
        var index = 0
        if text.starts(with: [0x3A, 0x3A]) {
            sawDoubleColon = true
            index = 2
            if index == text.count { return true }
        } else if text.first == 0x3A {
            return false
        }
        while index < text.count {
            var end = index
            while end < text.count && text[end] != 0x3A { end += 1 }
            let piece = text[index..<end]
            if piece.contains(UInt8(ascii: ".")) {
                // An IPv4 tail must be last and counts as two pieces.
                guard end == text.count, isIPv4(piece) else { return false }
                pieces += 2
                break
            }
            guard (1...4).contains(piece.count), piece.allSatisfy(isHex) else { return false }
            pieces += 1
            if end == text.count { break }
            // A colon follows: `::` once, or a single colon before another piece.
            if end + 1 < text.count && text[end + 1] == 0x3A {
                guard !sawDoubleColon else { return false }
                sawDoubleColon = true
                index = end + 2
                if index == text.count { break }
            } else {
                guard end + 1 < text.count else { return false }
                index = end + 1
            }
        }
        return sawDoubleColon ? pieces <= 7 : pieces == 8
    }

    private static func isIPv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        let octets = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy { octet in
            guard (1...3).contains(octet.count), octet.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
            guard octet.count == 1 || octet.first != UInt8(ascii: "0") else { return false }
            return octet.reduce(0) { $0 * 10 + Int($1 - 0x30) } <= 255
        }
    }

    @inline(__always)
    private static func isHex(_ byte: UInt8) -> Bool { ByteClass.hexValue(byte) != nil }

    /// ALPHA / DIGIT / "-" / "." / "_" / "~"
    @inline(__always)
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
    @inline(__always)
    static func isSubDelim(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
             UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
             UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }
}
