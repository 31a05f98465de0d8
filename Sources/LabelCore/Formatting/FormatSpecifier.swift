/// A printf-style conversion as Apple's `String(format:)` reads it:
/// `%[position$][flags][width][.precision][length]conversion`.
///
/// `*` widths and precisions (taken from an argument) are not supported: such a
/// sequence tokenizes as ``FormatToken/invalid(_:)``. Widths, precisions and
/// positions are at most ``maximumNumber`` so a store entry cannot ask for a
/// gigabyte of padding.
package struct FormatSpecifier: Sendable, Hashable {
    /// Largest width, precision or position accepted; larger makes the sequence invalid.
    package static let maximumNumber = 999

    /// The 1-based argument from `%2$d`; `nil` for "the next argument".
    package var position: Int?
    /// The flags between `%` (or `n$`) and the width.
    package var flags: Flags
    /// Minimum field width in characters.
    package var width: Int?
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

    package init(
        position: Int? = nil, flags: Flags = [], width: Int? = nil, precision: Int? = nil,
        length: LengthModifier? = nil, conversion: Conversion, source: String
    ) {
        self.position = position
        self.flags = flags
        self.width = width
        self.precision = precision
        self.length = length
        self.conversion = conversion
        self.source = source
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
        /// `'`: thousands grouping. Decimal conversions are always grouped here, as
        /// `localizedStringWithFormat` does, so the flag changes nothing.
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

        /// The kind of argument the conversion consumes.
        package var kind: Kind {
            switch self {
            case .decimal, .integer, .unsigned, .octal, .hex, .upperHex: .integer
            case .fixed, .upperFixed, .scientific, .upperScientific, .general, .upperGeneral,
                .hexFloat, .upperHexFloat: .floatingPoint
            case .character, .wideCharacter: .character
            case .cString, .wideString, .object: .string
            }
        }

        /// Argument kinds, coarse enough for comparing two languages' specifiers.
        package enum Kind: String, Sendable, Hashable {
            case integer, floatingPoint, character, string
        }
    }
}
