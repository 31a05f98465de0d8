/// A positive number as decimal digits and a power of ten, rounded the way ICU
/// rounds for CF's `%e` and `%g`: half to even on the shortest decimal that
/// round-trips the `Double` (`1.5e-7` → `2E-07`, where C, rounding the binary
/// value, prints `1e-07`).
struct DecimalSignificand: Equatable {
    /// ASCII digits, the first non-zero (`[1, 5]` for 1.5e-7); `[0]` for zero.
    var digits: [UInt8]
    /// The power of ten of the first digit (`-7` for 1.5e-7).
    var exponent: Int

    /// The shortest round-tripping decimal of a finite, non-negative value.
    init(_ magnitude: Double) {
        let text = Array(magnitude.description.utf8)  // "1.5e-07", "99999.95", "1e+100"
        let e = text.firstIndex(of: UInt8(ascii: "e")) ?? text.endIndex
        var exponentOffset = e < text.endIndex ? Int(String(decoding: text[(e + 1)...], as: UTF8.self)) ?? 0 : 0
        let mantissa = text[..<e]
        let point = mantissa.firstIndex(of: UInt8(ascii: ".")) ?? mantissa.endIndex
        exponentOffset += mantissa.distance(from: mantissa.startIndex, to: point) - 1
        var all = mantissa.filter { $0 != UInt8(ascii: ".") }
        while all.count > 1, all.first == UInt8(ascii: "0") {
            all.removeFirst()
            exponentOffset -= 1
        }
        while all.count > 1, all.last == UInt8(ascii: "0") { all.removeLast() }
        if all == [UInt8(ascii: "0")] { exponentOffset = 0 }
        digits = all
        exponent = exponentOffset
    }

    init(digits: [UInt8], exponent: Int) {
        self.digits = digits
        self.exponent = exponent
    }

    var isZero: Bool { digits.allSatisfy { $0 == UInt8(ascii: "0") } }

    /// Rounded to `count` significant digits, half to even on these decimal digits.
    func rounded(toSignificant count: Int) -> DecimalSignificand {
        guard digits.count > count else { return self }
        var kept = Array(digits[..<count])
        let dropped = digits[count...]
        let first = dropped.first!
        let restIsZero = dropped.dropFirst().allSatisfy { $0 == UInt8(ascii: "0") }
        let lastIsOdd = (kept.last.map { ($0 - UInt8(ascii: "0")) % 2 == 1 }) ?? false
        let roundUp = first > UInt8(ascii: "5") || (first == UInt8(ascii: "5") && (!restIsZero || lastIsOdd))
        var exponent = self.exponent
        if roundUp {
            var index = kept.count - 1
            while index >= 0 {
                if kept[index] == UInt8(ascii: "9") {
                    kept[index] = UInt8(ascii: "0")
                    index -= 1
                } else {
                    kept[index] += 1
                    break
                }
            }
            if index < 0 {
                kept.insert(UInt8(ascii: "1"), at: 0)
                kept.removeLast()
                exponent += 1
            }
        }
        while kept.count > 1, kept.last == UInt8(ascii: "0") { kept.removeLast() }
        if kept.isEmpty { return DecimalSignificand(digits: [UInt8(ascii: "0")], exponent: 0) }
        return DecimalSignificand(digits: kept, exponent: exponent)
    }

    /// The digits padded with zeros (or cut) to exactly `count`.
    func digits(count: Int) -> [UInt8] {
        if digits.count >= count { return Array(digits[..<count]) }
        return digits + Array(repeating: UInt8(ascii: "0"), count: count - digits.count)
    }

    /// Plain notation: integer digits and fraction digits (fraction without trailing zeros).
    var fixedParts: (integer: [UInt8], fraction: [UInt8]) {
        var fraction: [UInt8]
        let integer: [UInt8]
        if exponent >= 0 {
            integer = digits(count: exponent + 1)
            fraction = digits.count > exponent + 1 ? Array(digits[(exponent + 1)...]) : []
        } else {
            integer = [UInt8(ascii: "0")]
            fraction = Array(repeating: UInt8(ascii: "0"), count: -exponent - 1) + digits
        }
        while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
        return (integer, fraction)
    }
}
