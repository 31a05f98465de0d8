/// The load-time fast path of ``FormatTokenTable``: marks for the texts that hold only
/// the common specifiers, read straight from the UTF-8 bytes. It follows
/// ``FormatToken/tokens(in:)`` (CoreFoundation's reading) for exactly the forms it
/// accepts, and hands every other text to it: its result is always the full tokenizer's.
extension FormatTokenTable.Builder {
    enum QuickScan {
        case noPercent
        /// Its marks are appended.
        case marked
        /// Some `%` sequence is not one of the quick forms.
        case needsTokenizer
    }

    /// Quick forms: `%` [`n$`] [length] conversion, and `%` [`n$`] `#@name@`.
    /// Appends to `marks`; after ``QuickScan/needsTokenizer`` the caller drops what was appended.
    static func quickMarks(_ bytes: UnsafeBufferPointer<UInt8>, text: UInt32,
                           into marks: inout [FormatTokenTable.Mark]) -> QuickScan {
        let count = bytes.count
        var index = 0
        var sawPercent = false
        while index < count {
            guard bytes[index] == .percent else {
                index += 1
                continue
            }
            sawPercent = true
            let start = index
            var cursor = index + 1
            var position: Int16 = -1
            // `n$`: a position (digits without `$` are a width: not a quick form).
            if cursor < count, bytes[cursor] >= UInt8(ascii: "1"), bytes[cursor] <= UInt8(ascii: "9") {
                var value = 0
                while cursor < count, bytes[cursor].isDigit {
                    value = value * 10 + Int(bytes[cursor] - UInt8(ascii: "0"))
                    guard value <= FormatSpecifier.maximumPosition else { return .needsTokenizer }
                    cursor += 1
                }
                guard cursor < count, bytes[cursor] == UInt8(ascii: "$") else { return .needsTokenizer }
                position = Int16(value)
                cursor += 1
            }
            if cursor + 1 < count, bytes[cursor] == UInt8(ascii: "#"), bytes[cursor + 1] == UInt8(ascii: "@") {
                // `%#@name@`: the name runs to the next `@`, without spaces or `%`.
                var end = cursor + 2
                while end < count, bytes[end] != UInt8(ascii: "@"), bytes[end] != .percent, !bytes[end].isWhitespace {
                    end += 1
                }
                guard end > cursor + 2, end < count, bytes[end] == UInt8(ascii: "@") else { return .needsTokenizer }
                var mark = FormatTokenTable.Mark(text: text, kind: .substitution, start: UInt32(start), end: UInt32(end + 1))
                mark.position = position
                marks.append(mark)
                index = end + 1
                continue
            }
            var length: UInt8 = 0
            if cursor < count, let (modifier, size) = lengthModifier(bytes, at: cursor) {
                length = modifier
                cursor += size
            }
            guard cursor < count, bytes[cursor] < 0x80, case let conversion = conversionIndex[Int(bytes[cursor])],
                  conversion != .max else { return .needsTokenizer }
            var mark = FormatTokenTable.Mark(text: text, kind: .specifier, start: UInt32(start), end: UInt32(cursor + 1))
            mark.position = position
            mark.length = length
            mark.conversion = conversion
            marks.append(mark)
            index = cursor + 1
        }
        return sawPercent ? .marked : .noPercent
    }

    /// The length modifier at `index` (its index in `allCases` + 1) and its size, as
    /// the tokenizer reads it (`hh` before `h`, `ll` before `l`).
    private static func lengthModifier(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt8, Int)? {
        let second: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
        let modifier: FormatSpecifier.LengthModifier
        switch bytes[index] {
        case UInt8(ascii: "h") where second == UInt8(ascii: "h"): modifier = .hh
        case UInt8(ascii: "l") where second == UInt8(ascii: "l"): modifier = .ll
        case UInt8(ascii: "h"): modifier = .h
        case UInt8(ascii: "l"): modifier = .l
        case UInt8(ascii: "q"): modifier = .q
        case UInt8(ascii: "L"): modifier = .L
        case UInt8(ascii: "z"): modifier = .z
        case UInt8(ascii: "t"): modifier = .t
        case UInt8(ascii: "j"): modifier = .j
        default: return nil
        }
        return (UInt8(FormatTokenTable.Mark.lengthModifiers.firstIndex(of: modifier)! + 1), modifier.rawValue.utf8.count)
    }

    /// ASCII byte → index of its conversion in `Conversion.allCases`; `.max` for none.
    private static let conversionIndex: [UInt8] = {
        var table = [UInt8](repeating: .max, count: 128)
        for (index, conversion) in FormatSpecifier.Conversion.allCases.enumerated() {
            table[Int(conversion.rawValue.asciiValue!)] = UInt8(index)
        }
        return table
    }()
}

extension UInt8 {
    fileprivate static let percent = UInt8(ascii: "%")
    fileprivate var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    /// The tokenizer's whitespace: space, tab, LF, CR, VT, FF.
    fileprivate var isWhitespace: Bool {
        self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D || self == 0x0B || self == 0x0C
    }
}
