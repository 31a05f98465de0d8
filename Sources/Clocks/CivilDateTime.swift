/// A UTC instant's calendar date and time of day (proleptic Gregorian), worked out
/// without Foundation by Howard Hinnant's `civil_from_days` and `days_from_civil`:
/// the one copy of this arithmetic, behind HTTP dates (HTTP1's `IMFFixdate`) and the ISO 8601
/// timestamps of the missing-key report and the server's log.
package struct CivilDateTime: Sendable, Equatable {
    package var year: Int
    /// 1...12.
    package var month: Int
    /// 1...31.
    package var day: Int
    /// 0...86,399.
    var secondOfDay: Int
    /// 0 (Sunday)...6 (Saturday).
    package var weekday: Int

    package var hour: Int { secondOfDay / 3600 }
    package var minute: Int { secondOfDay / 60 % 60 }
    package var second: Int { secondOfDay % 60 }

    /// The date and time of `unixSeconds` (seconds since 1970-01-01T00:00:00Z).
    package init(unixSeconds: Int64) {
        let days = Self.floorDiv(unixSeconds, 86_400)
        secondOfDay = Int(unixSeconds - days * 86_400)
        (year, month, day) = Self.date(daysSinceEpoch: days)
        // 1970-01-01 was a Thursday (index 4 with Sunday = 0).
        weekday = Int(((days % 7) + 11) % 7)
    }

    /// ISO 8601 UTC: `2025-01-02T03:04:05Z`, or `2025-01-02T03:04:05.678Z` with
    /// `milliseconds` (0...999). The year is written in four digits (callers keep it in 0...9999).
    package func iso8601(milliseconds: Int? = nil) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        func digits(_ value: Int, _ width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        digits(year, 4); bytes.append(UInt8(ascii: "-")); digits(month, 2); bytes.append(UInt8(ascii: "-"))
        digits(day, 2); bytes.append(UInt8(ascii: "T"))
        digits(hour, 2); bytes.append(UInt8(ascii: ":"))
        digits(minute, 2); bytes.append(UInt8(ascii: ":"))
        digits(second, 2)
        if let milliseconds { bytes.append(UInt8(ascii: ".")); digits(milliseconds, 3) }
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// (year, month 1...12, day 1...31) from days since 1970-01-01 (`civil_from_days`).
    package static func date(daysSinceEpoch days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = floorDiv(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    /// Days since 1970-01-01 of a date (`days_from_civil`), the inverse of ``date(daysSinceEpoch:)``.
    package static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = floorDiv(y, 400)
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `a / b` rounded toward negative infinity (`b` positive).
    package static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }
}
