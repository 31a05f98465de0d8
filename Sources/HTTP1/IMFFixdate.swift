/// Formats HTTP dates (IMF-fixdate, RFC 9110 §5.6.7) without Foundation.
public enum IMFFixdate {
    private static let dayNames: [StaticString] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let monthNames: [StaticString] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// `Sun, 06 Nov 1994 08:49:37 GMT` for `unixSeconds` (seconds since 1970-01-01T00:00:00Z),
    /// as the 29 ASCII bytes of a `Date` header value. Years are clamped to 0...9999.
    public static func bytes(unixSeconds: Int64) -> [UInt8] {
        let days = floorDiv(unixSeconds, 86400)
        let secondOfDay = Int(unixSeconds - days * 86400)
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        // 1970-01-01 was a Thursday (index 4 with Sunday = 0).
        let weekday = Int(((days % 7) + 11) % 7)

        var out: [UInt8] = []
        out.reserveCapacity(29)
        appendStatic(dayNames[weekday], to: &out)
        out.append(UInt8(ascii: ","))
        out.append(UInt8(ascii: " "))
        appendDigits(day, count: 2, to: &out)
        out.append(UInt8(ascii: " "))
        appendStatic(monthNames[month - 1], to: &out)
        out.append(UInt8(ascii: " "))
        appendDigits(min(max(year, 0), 9999), count: 4, to: &out)
        out.append(UInt8(ascii: " "))
        appendDigits(secondOfDay / 3600, count: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay / 60 % 60, count: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 60, count: 2, to: &out)
        out.append(contentsOf: " GMT".utf8)
        return out
    }

    /// The same date as a String.
    public static func string(unixSeconds: Int64) -> String {
        String(decoding: bytes(unixSeconds: unixSeconds), as: UTF8.self)
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    /// Proleptic Gregorian (year, month 1...12, day 1...31) from days since 1970-01-01
    /// (Howard Hinnant's `civil_from_days`).
    static func civilDate(daysSinceEpoch: Int64) -> (year: Int, month: Int, day: Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
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
