extension FormatToken {
    /// Splits an Apple format string into tokens, the way CoreFoundation reads it.
    ///
    /// Never fails: anything that is not a complete specifier becomes
    /// ``invalid(_:)`` (printed as CF does) or part of a ``literal(_:)``. This follows
    /// CF, so `"50% off"` holds the valid specifier `% o` (space flag, octal), and
    /// `%1#@name@` is a non-positional substitution with field width 1.
    package static func tokens(in string: String) -> [FormatToken] {
        var scanner = FormatScanner(bytes: Array(string.utf8))
        return scanner.scanAll()
    }
}

/// Byte-level scanner behind ``FormatToken/tokens(in:)``. Every specifier character is
/// ASCII, so slicing at the positions it stops at always yields valid UTF-8.
struct FormatScanner {
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
            let (token, next, _) = scanSpecifier(at: percent)
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

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    func byte(at index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// Reads decimal digits from `index`; `nil` value when there are none. The value
    /// saturates at `Int.max` (CF fails past `INT64_MAX`; every caller refuses far less).
    func number(at index: Int) -> (value: Int?, end: Int) {
        var end = index
        var value = 0
        while let digit = byte(at: end), digit.isASCIIDigit {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAgain) = times.addingReportingOverflow(Int(digit - .zero))
            value = overflow || overflowAgain ? Int.max : sum
            end += 1
        }
        return (end == index ? nil : value, end)
    }

    /// Scans the specifier starting at the `%` at `start`. Returns the token, the
    /// index after it and, for an invalid sequence that lacks its conversion character,
    /// how (what ``printedText(ofInvalid:)`` prints depends on it). An invalid sequence
    /// stops before the offending byte, which is then read again as ordinary text.
    func scanSpecifier(at start: Int) -> (FormatToken, Int, MissingConversion?) {
        var index = start + 1
        func invalid() -> (FormatToken, Int, MissingConversion?) { (.invalid(text(start..<index)), index, nil) }
        // Whether the sequence so far ends in a width or a `.` (CF then prints its first character when cut off).
        var endsInWidthOrDot = false

        // `n$`: a position. Digits without `$` are flags and width instead.
        var position: Int?
        // A number CF overflows on (``FormatSpecifier/Hazard``); the rest is still read.
        var hazard: FormatSpecifier.Hazard?
        if let first = byte(at: index), first.isASCIIDigit, first != .zero {
            let (value, end) = number(at: index)
            if byte(at: end) == .dollar, let value {
                if value > FormatSpecifier.maximumPosition { hazard = .numberOverflows } else { position = value }
                index = end + 1
            }
        }

        var flags: FormatSpecifier.Flags = []
        while let flagByte = byte(at: index), let flag = FormatSpecifier.Flags(byte: flagByte) {
            flags.insert(flag)
            index += 1
        }

        // A width: digits, or CF's `*` (read from an argument).
        let widthField = field(at: index)
        let width = widthField.value, widthArgument = widthField.star
        if let fieldHazard = widthField.hazard { hazard = fieldHazard }
        if width != nil {
            endsInWidthOrDot = true
            // CF's `%1#@name@`: a width followed by the `#` flag.
            if byte(at: widthField.end) == .hash {
                flags.insert(.alternate)
                index = widthField.end + 1
                endsInWidthOrDot = false
            } else {
                index = widthField.end
            }
        } else {
            index = widthField.end
        }

        var precision: Int?
        var precisionArgument: FormatSpecifier.StarArgument?
        if byte(at: index) == .dot {
            index += 1
            endsInWidthOrDot = true
            let field = field(at: index)
            if let fieldHazard = field.hazard, hazard == nil { hazard = fieldHazard }
            // `%.f` means precision 0, as in C.
            precision = field.star == nil ? field.value ?? 0 : field.value
            precisionArgument = field.star
            if field.star != nil { endsInWidthOrDot = false }
            index = field.end
        }

        let length = lengthModifier(at: index)
        if let length {
            index += length.rawValue.utf8.count
            endsInWidthOrDot = false
        }

        guard let conversionByte = byte(at: index), conversionByte < 0x80,
            let conversion = FormatSpecifier.Conversion(rawValue: Character(Unicode.Scalar(conversionByte)))
        else { return noConversion(from: start, at: index, endsInWidthOrDot: endsInWidthOrDot) }

        if conversion == .object, flags.contains(.alternate) {
            guard let (substitution, end) = substitution(from: start, at: index, position: position) else { return invalid() }
            return (.substitution(substitution), end, nil)
        }

        index += 1
        let specifier = FormatSpecifier(
            position: position, flags: flags, width: width, precision: precision,
            length: length, conversion: conversion, source: text(start..<index),
            widthArgument: widthArgument, precisionArgument: precisionArgument, hazard: hazard)
        return (.specifier(specifier), index, nil)
    }

    /// A width or precision at `index`: CF's `*` (``starArgument(at:)``), digits, or
    /// neither (`end` is `index`). A hazard for a `*` position above 127 or `0`, or
    /// digits after `*` above 999 (CF traps above `INT32_MAX`).
    private func field(at index: Int) -> (value: Int?, star: FormatSpecifier.StarArgument?, end: Int,
                                          hazard: FormatSpecifier.Hazard?) {
        if byte(at: index) == .star {
            let (star, digits, end, hazard) = starArgument(at: index + 1)
            return (digits, star, end, hazard)
        }
        let (value, end) = number(at: index)
        return (value, nil, end, nil)
    }

    /// After a `*` at `index - 1`: `n$` names the argument; digits without `$` are
    /// returned: they win over the argument, which is still read (`%*5d` of 3, 42 is
    /// `   42` in Linux CF).
    private func starArgument(at index: Int) -> (FormatSpecifier.StarArgument, Int?, Int, FormatSpecifier.Hazard?) {
        guard let first = byte(at: index), first.isASCIIDigit else { return (.next, nil, index, nil) }
        let (value, end) = number(at: index)
        let number = value ?? 0
        if byte(at: end) == .dollar {
            // `%*0$d`: CF makes it argument -1, which undoes the `*`; refused as an overflow.
            guard number > 0, number <= FormatSpecifier.maximumPosition else {
                return (.next, nil, end + 1, .numberOverflows)
            }
            return (.position(number), nil, end + 1, nil)
        }
        return (.next, number, end, FormatSpecifier.hazard(flags: [], width: number, precision: nil))
    }

    /// The sequence from `start` whose conversion should be at `index` but is not. CF
    /// reads flags, widths, `.` and lengths in any order (`%l5d`, `%5-d`, `%100 k`):
    /// where C's order stops at one of them, it is read on as CF does; otherwise it is
    /// an invalid sequence.
    private func noConversion(
        from start: Int, at index: Int, endsInWidthOrDot: Bool
    ) -> (FormatToken, Int, MissingConversion?) {
        if byte(at: index) == .openBracket, let keyed = keyedObject(from: start, bracket: index) {
            return keyed
        }
        if let byte = byte(at: index), Self.continuesInCoreFoundation(byte),
           let reordered = coreFoundationSpecifier(from: start) {
            return reordered
        }
        let (token, end) = invalidSequence(from: start, endedAt: index)
        return (token, end, index < bytes.count ? .replacedBy : .cutOff(printsFirst: endsInWidthOrDot))
    }

    /// `%#@name@` from the `%` at `start`, whose `@` is at `index`: the name runs to the next
    /// `@`, without spaces or `%`. Returns it and the index after it; nil when unterminated.
    private func substitution(from start: Int, at index: Int, position: Int?) -> (FormatSubstitution, Int)? {
        var end = index + 1
        while let nameByte = byte(at: end), nameByte != .at, nameByte != .percent, !nameByte.isASCIIWhitespace {
            end += 1
        }
        guard end > index + 1, byte(at: end) == .at else { return nil }
        let substitution = FormatSubstitution(position: position, name: text((index + 1)..<end), source: text(start..<(end + 1)))
        return (substitution, end + 1)
    }

    /// The invalid sequence from `start` whose conversion character should be at
    /// `index`: CF reads the character that is there into the sequence (`%y`, `%5é`);
    /// at the end of the string the sequence stops there.
    func invalidSequence(from start: Int, endedAt index: Int) -> (FormatToken, Int) {
        let end = index < bytes.count ? min(index + Self.scalarLength(lead: bytes[index]), bytes.count) : index
        return (.invalid(text(start..<end)), end)
    }

    /// Bytes in the UTF-8 sequence a lead byte starts (1 for a stray continuation byte).
    static func scalarLength(lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }

    /// What CF prints for an invalid sequence (``FormatToken/invalid(_:)``'s source),
    /// as `String(format:)` does on Linux:
    /// - ended by a character that is no conversion (`%y`, `%5y`, `%-.2ly`, `%உ`): the
    ///   first character after `%` (`y`, `5`, `-`, `உ`), the rest dropped;
    /// - cut off by the end of the string: nothing (`%`, `100 %`, `%-`, `%l`, `%1$`),
    ///   except the first character after `%` when the sequence ends in a width or a
    ///   `.` (`%5` → `5`, `%.` → `.`);
    /// - a number too large or an unterminated `%#@name`: the source as written.
    static func printedText(ofInvalid source: String) -> String {
        let scanner = FormatScanner(bytes: Array(source.utf8))
        let (token, end, missing) = scanner.scanSpecifier(at: 0)
        guard case .invalid = token, let missing, end == source.utf8.count else { return source }
        let scalars = source.unicodeScalars.dropFirst()
        let first = scalars.first.map { String(Character($0)) } ?? ""
        switch missing {
        case .replacedBy:
            // CF reads UTF-16: of a character beyond U+FFFF only the first half is read
            // as the sequence's end, and the second, left alone, prints as U+FFFD.
            guard scalars.count > 1, let last = scalars.last, last.value > 0xFFFF else { return first }
            return first + "\u{FFFD}"
        case .cutOff(let printsFirst):
            return printsFirst ? first : ""
        }
    }

    /// How a sequence lacks its conversion character: another character ends it, or
    /// the string does (after a width or a `.`, CF still prints the first character).
    enum MissingConversion { case replacedBy, cutOff(printsFirst: Bool) }

    /// The length modifier (`hh`, `l`, `ll`, `q`, `L`, `z`, `t`, `j`...) at `index`, if any.
    func lengthModifier(at index: Int) -> FormatSpecifier.LengthModifier? {
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
    init?(byte: UInt8) {
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
    fileprivate static let star = UInt8(ascii: "*")
    fileprivate static let at = UInt8(ascii: "@")
    fileprivate static let openBracket = UInt8(ascii: "[")
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
