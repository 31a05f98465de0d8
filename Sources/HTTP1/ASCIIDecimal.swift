/// Writes integers as ASCII digits into a byte buffer, without the `String`
/// a `description` would allocate: used for status codes, `Content-Length`
/// and log lines on the request path.
package enum ASCIIDecimal {
    package static func append(_ value: Int, to out: inout [UInt8]) {
        if value < 0 {
            out.append(UInt8(ascii: "-"))
            // Int.min has no positive counterpart; its magnitude fits in UInt.
            append(magnitude: value.magnitude, to: &out)
        } else {
            append(magnitude: UInt(value), to: &out)
        }
    }

    private static func append(magnitude: UInt, to out: inout [UInt8]) {
        guard magnitude > 0 else {
            out.append(UInt8(ascii: "0"))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = magnitude
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[index]) }
        }
    }
}
