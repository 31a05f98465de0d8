import Clocks

/// Formats HTTP dates (IMF-fixdate, RFC 9110 §5.6.7) without Foundation.
package enum IMFFixdate {
    private static let dayNames: [StaticString] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let monthNames: [StaticString] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// `Sun, 06 Nov 1994 08:49:37 GMT` for `unixSeconds` (seconds since 1970-01-01T00:00:00Z),
    /// as the 29 ASCII bytes of a `Date` header value. Years are clamped to 0...9999.
    package static func bytes(unixSeconds: Int64) -> [UInt8] {
        let time = CivilDateTime(unixSeconds: unixSeconds)
        var out: [UInt8] = []
        out.reserveCapacity(29)
        appendStatic(dayNames[time.weekday], to: &out)
        out.append(UInt8(ascii: ","))
        out.append(UInt8(ascii: " "))
        appendDigits(time.day, count: 2, to: &out)
        out.append(UInt8(ascii: " "))
        appendStatic(monthNames[time.month - 1], to: &out)
        out.append(UInt8(ascii: " "))
        appendDigits(min(max(time.year, 0), 9999), count: 4, to: &out)
        out.append(UInt8(ascii: " "))
        appendDigits(time.hour, count: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendDigits(time.minute, count: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendDigits(time.second, count: 2, to: &out)
        out.append(contentsOf: " GMT".utf8)
        return out
    }

    /// The same date as a String.
    package static func string(unixSeconds: Int64) -> String {
        String(decoding: bytes(unixSeconds: unixSeconds), as: UTF8.self)
    }

    private static func appendStatic(_ s: StaticString, to out: inout [UInt8]) {
        s.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    private static func appendDigits(_ value: Int, count: Int, to out: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        var v = value
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(v / divisor % 10))
            v %= divisor
            divisor /= 10
        }
    }
}
