extension FormatToken {
    /// Splits an Apple format string into tokens, the way CoreFoundation reads it.
    ///
    /// Never fails: anything that is not a complete specifier becomes
    /// ``invalid(_:)`` (printed literally) or part of a ``literal(_:)``. This follows
    /// CF, so `"50% off"` holds the valid specifier `% o` (space flag, octal), and
    /// `%1#@name@` is a non-positional substitution with field width 1.
    public static func tokens(in string: String) -> [FormatToken] {
        var scanner = FormatScanner(bytes: Array(string.utf8))
        return scanner.scanAll()
    }
}

/// Byte-level scanner behind ``FormatToken/tokens(in:)``. Every specifier character is
/// ASCII, so slicing at the positions it stops at always yields valid UTF-8.
private struct FormatScanner {
    let bytes: [UInt8]
    var tokens: [FormatToken] = []
    var literal: [UInt8] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func scanAll() -> [FormatToken] {
        var index = 0
        while index < bytes.count {
            guard let percent = bytes[index...].firstIndex(of: .percent) else {
                literal.append(contentsOf: bytes[index...])
                break
            }
            literal.append(contentsOf: bytes[index..<percent])
            if percent + 1 < bytes.count, bytes[percent + 1] == .percent {
                literal.append(.percent)
                index = percent + 2
                continue
            }
            let (token, next) = scanSpecifier(at: percent)
            flushLiteral()
            tokens.append(token)
            index = next
        }
        flushLiteral()
        return tokens
    }

    private mutating func flushLiteral() {
        guard !literal.isEmpty else { return }
        tokens.append(.literal(String(decoding: literal, as: UTF8.self)))
        literal.removeAll(keepingCapacity: true)
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private func byte(at index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// Reads decimal digits from `index`; `nil` value when there are none or the
    /// number exceeds ``FormatSpecifier/maximumNumber``.
    private func number(at index: Int) -> (value: Int?, end: Int) {
        var end = index
        var value = 0
        var tooLarge = false
        while let digit = byte(at: end), digit.isASCIIDigit {
            if !tooLarge {
                value = value * 10 + Int(digit - .zero)
                if value > FormatSpecifier.maximumNumber { tooLarge = true }
            }
            end += 1
        }
        return (end == index || tooLarge ? nil : value, end)
    }

    /// Scans the specifier starting at the `%` at `start`. Returns the token and the
    /// index after it. An invalid sequence stops before the offending byte, which is
    /// then read again as ordinary text.
    private func scanSpecifier(at start: Int) -> (FormatToken, Int) {
        var index = start + 1
        func invalid() -> (FormatToken, Int) { (.invalid(text(start..<index)), index) }

        // `n$`: a position. Digits without `$` are flags and width instead.
        var position: Int?
        if let first = byte(at: index), first.isASCIIDigit, first != .zero {
            let (value, end) = number(at: index)
            if byte(at: end) == .dollar {
                guard let value else { return invalid() }
                position = value
                index = end + 1
            }
        }

        var flags: FormatSpecifier.Flags = []
        while let flagByte = byte(at: index), let flag = FormatSpecifier.Flags(byte: flagByte) {
            flags.insert(flag)
            index += 1
        }

        var width: Int?
        if let first = byte(at: index), first.isASCIIDigit {
            let (value, end) = number(at: index)
            guard let value else { return invalid() }
            width = value
            index = end
            // CF's `%1#@name@`: a width followed by the `#` flag.
            if byte(at: index) == .hash {
                flags.insert(.alternate)
                index += 1
            }
        }

        var precision: Int?
        if byte(at: index) == .dot {
            index += 1
            let (value, end) = number(at: index)
            if end == index {
                precision = 0  // `%.f` means precision 0, as in C.
            } else {
                guard let value else { return invalid() }
                precision = value
                index = end
            }
        }

        let length = lengthModifier(at: index)
        if let length { index += length.rawValue.utf8.count }

        guard let conversionByte = byte(at: index), conversionByte < 0x80,
            let conversion = FormatSpecifier.Conversion(rawValue: Character(Unicode.Scalar(conversionByte)))
        else { return invalid() }

        if conversion == .object, flags.contains(.alternate) {
            // `%#@name@`: the name runs to the next `@`, without spaces or `%`.
            var end = index + 1
            while let nameByte = byte(at: end), nameByte != .at, nameByte != .percent,
                !nameByte.isASCIIWhitespace
            {
                end += 1
            }
            guard end > index + 1, byte(at: end) == .at else { return invalid() }
            let name = text((index + 1)..<end)
            let substitution = FormatSubstitution(
                position: position, name: name, source: text(start..<(end + 1)))
            return (.substitution(substitution), end + 1)
        }

        index += 1
        let specifier = FormatSpecifier(
            position: position, flags: flags, width: width, precision: precision,
            length: length, conversion: conversion, source: text(start..<index))
        return (.specifier(specifier), index)
    }

    /// The length modifier (`hh`, `l`, `ll`, `q`, `L`, `z`, `t`, `j`...) at `index`, if any.
    private func lengthModifier(at index: Int) -> FormatSpecifier.LengthModifier? {
        guard let first = byte(at: index) else { return nil }
        let second = byte(at: index + 1)
        switch first {
        case .h where second == .h: return .hh
        case .l where second == .l: return .ll
        case .h: return .h
        case .l: return .l
        case .q: return .q
        case .upperL: return .L
        case .z: return .z
        case .t: return .t
        case .j: return .j
        default: return nil
        }
    }
}

extension FormatSpecifier.Flags {
    fileprivate init?(byte: UInt8) {
        switch byte {
        case .minus: self = .leftAlign
        case .plus: self = .plusSign
        case .space: self = .space
        case .hash: self = .alternate
        case .zero: self = .zeroPad
        case .apostrophe: self = .grouping
        default: return nil
        }
    }
}

extension UInt8 {
    fileprivate static let percent = UInt8(ascii: "%")
    fileprivate static let dollar = UInt8(ascii: "$")
    fileprivate static let minus = UInt8(ascii: "-")
    fileprivate static let plus = UInt8(ascii: "+")
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let hash = UInt8(ascii: "#")
    fileprivate static let zero = UInt8(ascii: "0")
    fileprivate static let apostrophe = UInt8(ascii: "'")
    fileprivate static let dot = UInt8(ascii: ".")
    fileprivate static let at = UInt8(ascii: "@")
    fileprivate static let h = UInt8(ascii: "h")
    fileprivate static let l = UInt8(ascii: "l")
    fileprivate static let q = UInt8(ascii: "q")
    fileprivate static let upperL = UInt8(ascii: "L")
    fileprivate static let z = UInt8(ascii: "z")
    fileprivate static let t = UInt8(ascii: "t")
    fileprivate static let j = UInt8(ascii: "j")

    fileprivate var isASCIIDigit: Bool { self >= .zero && self <= UInt8(ascii: "9") }
    fileprivate var isASCIIWhitespace: Bool {
        self == .space || self == 0x09 || self == 0x0A || self == 0x0D || self == 0x0B || self == 0x0C
    }
}
