/// Matches an interpolated literal against store keys: any format specifier
/// (`%@`, `%lld`, `%1$@`, `%.2f`…) where an interpolation stands.
package struct KeyPattern: Sendable {
    let segments: [[UInt8]]

    package init(segments: [String]) {
        self.segments = segments.map { Array($0.utf8) }
    }

    package func matches(_ key: String) -> Bool {
        matches(bytes: Array(key.utf8))
    }

    /// `matches` on a key's UTF-8 bytes (a table's keys are converted once, not per site).
    package func matches(bytes: [UInt8]) -> Bool {
        guard let first = segments.first, let last = segments.last, bytes.count >= first.count + last.count + 2,
              bytes.starts(with: first), bytes[(bytes.count - last.count)...].elementsEqual(last) else { return false }
        return match(bytes, at: first.count, segment: 1)
    }

    private func match(_ bytes: [UInt8], at position: Int, segment: Int) -> Bool {
        if segment == segments.count { return position == bytes.count }
        guard let afterSpecifier = Self.specifierEnd(bytes, at: position) else { return false }
        let text = segments[segment]
        guard bytes.count - afterSpecifier >= text.count, bytes[afterSpecifier..<(afterSpecifier + text.count)].elementsEqual(text) else {
            return false
        }
        return match(bytes, at: afterSpecifier + text.count, segment: segment + 1)
    }

    /// The end of a format specifier starting at `position`, or nil.
    static func specifierEnd(_ bytes: [UInt8], at position: Int) -> Int? {
        var index = position
        guard index < bytes.count, bytes[index] == UInt8(ascii: "%") else { return nil }
        index += 1
        func digits() { while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 } }
        let positionStart = index
        digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: "$"), index > positionStart { index += 1 } else { index = positionStart }
        while index < bytes.count, "-+ #0'".utf8.contains(bytes[index]) { index += 1 }
        digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            digits()
        }
        while index < bytes.count, "hlqLztj".utf8.contains(bytes[index]) { index += 1 }
        guard index < bytes.count, "@dDiuUxXoOfFeEgGcCsSpaA".utf8.contains(bytes[index]) else { return nil }
        return index + 1
    }
}
