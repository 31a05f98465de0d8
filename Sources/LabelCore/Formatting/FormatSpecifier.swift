/// A printf-style conversion as Apple's `String(format:)` reads it:
/// `%[position$][flags][width][.precision][length]conversion`.
///
/// Conversions and `*` widths and precisions are CoreFoundation's
/// (`__CFParseFormatSpec`): `%D %U %O` are `%d %u %o`, `%p` and `%P` read a pointer,
/// `%n` a pointer it writes to, and a `*` width or precision reads an `int` argument
/// (`%*d`, `%.*f`, `%*2$d`, `%1$*2$.*3$f`) before the value. ``argumentReads`` lists
/// them in CF's order; docs/decisions/format-specifiers.md. Every form CF reads is a
/// specifier; one CF traps on, reads differently on another platform, or pads beyond
/// ``maximumNumber``, carries a ``hazard`` and is refused everywhere.
package struct FormatSpecifier: Sendable, Hashable {
    /// Largest width or precision rendered; larger is ``Hazard/numberTooLarge``.
    package static let maximumNumber = 999

    /// The 1-based argument from `%2$d`; `nil` for "the next argument".
    package var position: Int?
    /// The flags between `%` (or `n$`) and the width.
    package var flags: Flags
    /// Minimum field width in characters.
    package var width: Int?
    /// Set for a `*` width: the argument it is read from (`%*d`, `%*2$d`). Digits
    /// after the `*` (`%*5d`, ``width`` 5) win over it; it is still read.
    package var widthArgument: StarArgument?
    /// Set for a `*` precision: the argument it is read from (`%.*f`, `%.*3$f`).
    /// Digits after the `*` (`%.*5f`, ``precision`` 5) win over it; it is still read.
    package var precisionArgument: StarArgument?
    /// Precision: digits after the decimal separator (`f e`), significant digits
    /// (`g`), minimum digits (integers) or maximum characters (strings).
    package var precision: Int?
    /// The length modifier (`l`, `ll`, `h`...), which only says how wide the C
    /// argument is; arguments here are strings, so it does not change the output.
    package var length: LengthModifier?
    /// The conversion character.
    package var conversion: Conversion
    /// The exact source text, e.g. `%1$.2f`.
    package var source: String
    /// Why the specifier is refused everywhere, though CF reads it; nil for most.
    package var hazard: Hazard?

    package init(
        position: Int? = nil, flags: Flags = [], width: Int? = nil, precision: Int? = nil,
        length: LengthModifier? = nil, conversion: Conversion, source: String,
        widthArgument: StarArgument? = nil, precisionArgument: StarArgument? = nil, hazard: Hazard? = nil
    ) {
        self.position = position
        self.flags = flags
        self.width = width
        self.widthArgument = widthArgument
        self.precisionArgument = precisionArgument
        self.precision = precision
        self.length = length
        self.conversion = conversion
        self.source = source
        self.hazard = hazard ?? Self.hazard(flags: flags, width: width, precision: precision)
    }

    /// The printf flags.
    package struct Flags: OptionSet, Sendable, Hashable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        /// `-`: pad on the right.
        package static let leftAlign = Flags(rawValue: 1 << 0)
        /// `+`: always print a sign.
        package static let plusSign = Flags(rawValue: 1 << 1)
        /// ` `: a space where a plus sign would go.
        package static let space = Flags(rawValue: 1 << 2)
        /// `#`: alternate form (`0x` prefix, kept decimal point or trailing zeros).
        package static let alternate = Flags(rawValue: 1 << 3)
        /// `0`: pad with zeros after the sign.
        package static let zeroPad = Flags(rawValue: 1 << 4)
        /// `'`: thousands grouping in C; Linux CF ends the sequence there instead. Always
        /// ``Hazard/platformDependentFlag``, so refused.
        package static let grouping = Flags(rawValue: 1 << 5)
    }

    /// A C length modifier.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The cases are C's spellings (`L` is `long double`, not `l`).
    package enum LengthModifier: String, Sendable, Hashable, CaseIterable {
        case hh, h, l, ll, q, L, z, t, j
    }

    /// The conversion character, which decides how the argument is read.
    package enum Conversion: Character, Sendable, Hashable, CaseIterable {
        case decimal = "d", integer = "i", unsigned = "u"
        case octal = "o", hex = "x", upperHex = "X"
        case fixed = "f", upperFixed = "F"
        case scientific = "e", upperScientific = "E"
        case general = "g", upperGeneral = "G"
        case hexFloat = "a", upperHexFloat = "A"
        case character = "c", wideCharacter = "C"
        case cString = "s", wideString = "S"
        case object = "@"
        /// CF's `%D %U %O`: `%d %u %o` (the C library's old long forms; CF reads the
        /// size from the length modifier, as for the lower-case ones).
        case upperDecimal = "D", upperUnsigned = "U", upperOctal = "O"
        /// `%p`: a pointer, printed as an address. Never rendered (``FormatError/unsupportedSpecifier(_:)``).
        case pointer = "p"
        /// `%P`: a pointer to a Pascal string. Never rendered.
        case pascalString = "P"
        /// `%n`: writes the count of characters so far through a pointer argument.
        /// Never acceptable in a value: import, lint and Android refuse it.
        case writtenCount = "n"

        /// The kind of argument the conversion consumes.
        package var kind: Kind {
            switch self {
            case .decimal, .integer, .unsigned, .octal, .hex, .upperHex, .upperDecimal, .upperUnsigned, .upperOctal:
                .integer
            case .fixed, .upperFixed, .scientific, .upperScientific, .general, .upperGeneral,
                .hexFloat, .upperHexFloat: .floatingPoint
            case .character, .wideCharacter: .character
            case .cString, .wideString, .object: .string
            case .pointer: .pointer
            case .pascalString: .pascalString
            case .writtenCount: .writtenCount
            }
        }

        /// Whether CF writes it through ICU with the locale's symbols (`kCFStringFormatLocalizable`).
        package var isLocalizedNumber: Bool {
            switch self {
            case .decimal, .integer, .unsigned, .upperDecimal, .upperUnsigned, .fixed, .upperFixed, .scientific,
                 .upperScientific, .general, .upperGeneral: true
            default: false
            }
        }

        /// The lower-case conversion a CF upper-case one prints as (`D` → `d`); itself otherwise.
        package var canonical: Conversion {
            switch self {
            case .upperDecimal: .decimal
            case .upperUnsigned: .unsigned
            case .upperOctal: .octal
            default: self
            }
        }

        /// Argument kinds, coarse enough for comparing two languages' specifiers.
        package enum Kind: String, Sendable, Hashable {
            case integer, floatingPoint, character, string
            /// `%p`.
            case pointer
            /// `%P`.
            case pascalString
            /// `%n`.
            case writtenCount
        }
    }

    /// Where a `*` width or precision takes its value from.
    package enum StarArgument: Sendable, Hashable {
        /// The next argument (`%*d`), before the value's own.
        case next
        /// Argument `n` (`%*2$d`).
        case position(Int)

        package var position: Int? {
            if case .position(let number) = self { number } else { nil }
        }
    }

    /// One argument the specifier reads: its position (`nil`: the next one) and kind.
    package struct ArgumentRead: Sendable, Hashable {
        package var position: Int?
        package var kind: Conversion.Kind
    }

    /// The arguments the specifier reads, in CoreFoundation's order: a `*` width, a `*`
    /// precision (each an integer), then the value. One element for all but `*` forms.
    package var argumentReads: [ArgumentRead] {
        var reads: [ArgumentRead] = []
        if let widthArgument { reads.append(ArgumentRead(position: widthArgument.position, kind: .integer)) }
        if let precisionArgument { reads.append(ArgumentRead(position: precisionArgument.position, kind: .integer)) }
        reads.append(ArgumentRead(position: position, kind: conversion.kind))
        return reads
    }

    /// Whether the specifier reads a `*` width or precision.
    package var hasStarArgument: Bool { widthArgument != nil || precisionArgument != nil }
}
