/// CoreFoundation's reading of a specifier whose parts are not in C's order.
///
/// `__CFParseFormatSpec` is a loop over characters, not a grammar: flags, digits, `.`,
/// `*` and length modifiers may come in any order until a conversion (a specifier that
/// reads an argument) or any other character (an invalid sequence that reads none).
/// ``FormatScanner/scanSpecifier(at:)`` reads C's order and hands a sequence here only
/// when it stops at a character on which CF reads on, so `%l5d` reads an argument as on
/// Apple platforms, and `%100 kesin` is the invalid sequence `%100 k`, as CF reads it.
extension FormatScanner {
    /// Bytes on which CF's loop continues rather than ending the sequence.
    static func continuesInCoreFoundation(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "+"),
             UInt8(ascii: "#"), UInt8(ascii: "."), UInt8(ascii: "*"), UInt8(ascii: "h"), UInt8(ascii: "l"),
             UInt8(ascii: "L"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "z"), UInt8(ascii: "j"):
            true
        default:
            false
        }
    }

    /// The sequence from the `%` at `start` read as CF reads it; nil where this reading
    /// gives up (`#@` or a position given twice), leaving C's reading.
    func coreFoundationSpecifier(from start: Int) -> (FormatToken, Int, MissingConversion?)? {
        var state = CoreFoundationSpecifierState()
        var index = start + 1
        while let current = byte(at: index) {
            if current >= UInt8(ascii: "1"), current <= UInt8(ascii: "9") {
                let (digits, end) = number(at: index)
                let value = digits ?? 0
                if byte(at: end) == UInt8(ascii: "$") {
                    guard state.placePosition(value) else { return nil }
                    index = end + 1
                } else {
                    state.placeNumber(value)
                    index = end
                }
                continue
            }
            if let length = lengthModifier(at: index) {
                state.length = length
                index += length.rawValue.utf8.count
                continue
            }
            if current == UInt8(ascii: "["), let keyed = keyedObject(from: start, bracket: index) {
                return keyed
            }
            if current < 0x80, let conversion = FormatSpecifier.Conversion(rawValue: Character(Unicode.Scalar(current))) {
                guard !(conversion == .object && state.flags.contains(.alternate)) else { return nil }
                let source = text(start..<(index + 1))
                return (.specifier(state.specifier(conversion, source: source)), index + 1, nil)
            }
            guard state.read(current, next: byte(at: index + 1)) else {
                let (token, end) = invalidSequence(from: start, endedAt: index)
                return (token, end, .replacedBy)
            }
            index += current == UInt8(ascii: ".") && byte(at: index + 1) == UInt8(ascii: "*") ? 2 : 1
        }
        let last = bytes[index - 1]
        let printsFirst = (last >= UInt8(ascii: "0") && last <= UInt8(ascii: "9")) || last == UInt8(ascii: ".")
        return (.invalid(text(start..<index)), index, .cutOff(printsFirst: printsFirst))
    }
}

/// What CF's loop has read so far of one specifier.
struct CoreFoundationSpecifierState {
    var flags: FormatSpecifier.Flags = []
    var position: Int?
    var width: Int?
    var precision: Int?
    var widthArgument: FormatSpecifier.StarArgument?
    var precisionArgument: FormatSpecifier.StarArgument?
    var length: FormatSpecifier.LengthModifier?
    var seenDot = false
    /// A number CF overflows on: a position above 127, digits above `INT32_MAX`.
    var overflows = false
    /// A `*` whose `n$` may follow: `.width` or `.precision`.
    var pendingStar: PendingStar?

    enum PendingStar { case width, precision }

    /// `n$`: the pending `*`'s argument, else the value's position. False for a position
    /// given twice (CF would take the last; nothing real writes that).
    mutating func placePosition(_ value: Int) -> Bool {
        guard value <= FormatSpecifier.maximumPosition else {
            overflows = true
            pendingStar = nil
            return true
        }
        switch pendingStar {
        case .width?: widthArgument = .position(value)
        case .precision?: precisionArgument = .position(value)
        case nil:
            guard position == nil else { return false }
            position = value
        }
        pendingStar = nil
        return true
    }

    /// Digits without `$`: the precision after a `.`, else the width.
    mutating func placeNumber(_ value: Int) {
        pendingStar = nil
        if value > FormatSpecifier.maximumCoreFoundationNumber { overflows = true }
        if seenDot { precision = value } else { width = value }
    }

    /// A flag, `.` or `*`; false for a character that ends the sequence as invalid.
    mutating func read(_ byte: UInt8, next: UInt8?) -> Bool {
        pendingStar = nil
        switch byte {
        case UInt8(ascii: "."):
            seenDot = true
            if precision == nil { precision = 0 }
            if next == UInt8(ascii: "*") {
                precisionArgument = .next
                pendingStar = .precision
            }
        case UInt8(ascii: "*"):
            widthArgument = .next
            pendingStar = .width
        case UInt8(ascii: "0") where seenDot:
            precision = 0
        default:
            guard let flag = FormatSpecifier.Flags(byte: byte) else { return false }
            flags.insert(flag)
        }
        return true
    }

    func specifier(_ conversion: FormatSpecifier.Conversion, source: String) -> FormatSpecifier {
        FormatSpecifier(
            position: position, flags: flags, width: widthArgument == nil ? width : nil,
            precision: precisionArgument == nil ? precision : nil, length: length, conversion: conversion,
            source: source, widthArgument: widthArgument, precisionArgument: precisionArgument,
            hazard: overflows ? .numberOverflows : nil)
    }
}

extension FormatScanner {
    /// CF's `%[key]@` (also `%#[key]@`, `%-[key]@`) from the `%` at `start`, whose `[` is
    /// at `bracket`: CF skips letters, digits, `_` and `]` after it, and reads an object at
    /// the `@` that ends them. Any other character there leaves CF's key mode and reads
    /// on in ways nothing real writes: that sequence, up to it, is refused likewise. Nil
    /// when the string ends first (CF reads nothing then).
    func keyedObject(from start: Int, bracket: Int) -> (FormatToken, Int, MissingConversion?)? {
        var index = bracket + 1
        while let current = byte(at: index), Self.isKeyByte(current) { index += 1 }
        guard let last = byte(at: index) else { return nil }
        let end = index + (last == UInt8(ascii: "@") ? 1 : Self.scalarLength(lead: last))
        let specifier = FormatSpecifier(
            conversion: .object, source: text(start..<min(end, bytes.count)), hazard: .keyedObject)
        return (.specifier(specifier), min(end, bytes.count), nil)
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"), UInt8(ascii: "]"): true
        default: false
        }
    }
}
