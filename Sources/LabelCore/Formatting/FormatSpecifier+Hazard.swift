extension FormatSpecifier {
    /// Why a specifier that CoreFoundation reads is refused everywhere (import, `lint`,
    /// Android and the renderer): CF traps on it, reads it differently on another
    /// platform, or prints what the project does not. docs/decisions/format-specifiers.md.
    package enum Hazard: String, Sendable, Hashable, CaseIterable {
        /// A position above 127 (CF's `int8_t` argument numbers) or a width or precision
        /// above 2,147,483,647: `String(format:)` fails with an overflow error and traps.
        case numberOverflows = "number-overflows"
        /// A width or precision of 1,000 to 2,147,483,647: CF reads the argument, but no
        /// label is that wide, and the padding it would print is not rendered here.
        case numberTooLarge = "number-too-large"
        /// The `'` flag: Linux CF ends the sequence at it (so `%'d` reads no argument),
        /// Apple's C library reads it as a flag; the count differs between platforms.
        case platformDependentFlag = "platform-dependent-flag"
        /// CF's `%[key]@` (also `%#[key]@`): an object read for a configuration key.
        case keyedObject = "keyed-object"

        /// A short phrase for reports.
        package var reason: String {
            switch self {
            case .numberOverflows: "a position above 127 or a number above 2147483647 makes String(format:) trap"
            case .numberTooLarge: "a width or precision above 999 is never rendered"
            case .platformDependentFlag: "the ' flag is read differently by Linux and Apple platforms"
            case .keyedObject: "CF's %[key]@ form reads an object for a configuration key"
            }
        }
    }

    /// Largest position CF accepts (`int8_t`); larger traps.
    package static let maximumPosition = 127
    /// Largest width or precision CF accepts (`SInt32`); larger traps.
    package static let maximumCoreFoundationNumber = Int(Int32.max)

    /// The hazard that follows from the parts alone: a number CF overflows on or that is
    /// too large to render, or the `'` flag.
    static func hazard(flags: Flags, width: Int?, precision: Int?) -> Hazard? {
        let largest = max(width ?? 0, precision ?? 0)
        if largest > maximumCoreFoundationNumber { return .numberOverflows }
        if largest > maximumNumber { return .numberTooLarge }
        return flags.contains(.grouping) ? .platformDependentFlag : nil
    }
}

extension FormatToken {
    /// The first specifier in `text` that is never acceptable in a value: `%n`, which
    /// writes through its argument, and every specifier with a ``FormatSpecifier/Hazard``.
    package static func forbiddenSpecifier(in text: String) -> FormatSpecifier? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return nil }
        for case .specifier(let specifier) in tokens(in: text)
        where specifier.conversion == .writtenCount || specifier.hazard != nil {
            return specifier
        }
        return nil
    }
}

extension FormatSpecifier {
    /// Why the specifier is forbidden, for reports: `%n`'s write or its hazard.
    package var forbiddenReason: String? {
        if let hazard { return hazard.reason }
        return conversion == .writtenCount ? "%n writes through its argument" : nil
    }
}
