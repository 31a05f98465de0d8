/// A printf-style conversion as Apple's `String(format:)` reads it:
/// `%[position$][flags][width][.precision][length]conversion`.
///
/// `*` widths and precisions (taken from an argument) are not supported: such a
/// sequence tokenizes as ``FormatToken/invalid(_:)``. Widths, precisions and
/// positions are at most ``maximumNumber`` so a store entry cannot ask for a
/// gigabyte of padding.
public struct FormatSpecifier: Sendable, Hashable {
    /// Largest width, precision or position accepted; larger makes the sequence invalid.
    public static let maximumNumber = 999

    /// The 1-based argument from `%2$d`; `nil` for "the next argument".
    public var position: Int?
    /// The flags between `%` (or `n$`) and the width.
    public var flags: Flags
    /// Minimum field width in characters.
    public var width: Int?
    /// Precision: digits after the decimal separator (`f e`), significant digits
    /// (`g`), minimum digits (integers) or maximum characters (strings).
    public var precision: Int?
    /// The length modifier (`l`, `ll`, `h`...), which only says how wide the C
    /// argument is; arguments here are strings, so it does not change the output.
    public var length: LengthModifier?
    /// The conversion character.
    public var conversion: Conversion
    /// The exact source text, e.g. `%1$.2f`.
    public var source: String

    public init(
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
    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// `-`: pad on the right.
        public static let leftAlign = Flags(rawValue: 1 << 0)
        /// `+`: always print a sign.
        public static let plusSign = Flags(rawValue: 1 << 1)
        /// ` `: a space where a plus sign would go.
        public static let space = Flags(rawValue: 1 << 2)
        /// `#`: alternate form (`0x` prefix, kept decimal point or trailing zeros).
        public static let alternate = Flags(rawValue: 1 << 3)
        /// `0`: pad with zeros after the sign.
        public static let zeroPad = Flags(rawValue: 1 << 4)
        /// `'`: thousands grouping. Decimal conversions are always grouped here, as
        /// `localizedStringWithFormat` does, so the flag changes nothing.
        public static let grouping = Flags(rawValue: 1 << 5)
    }

    /// A C length modifier.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The cases are C's spellings (`L` is `long double`, not `l`).
    public enum LengthModifier: String, Sendable, Hashable, CaseIterable {
        case hh, h, l, ll, q, L, z, t, j
    }

    /// The conversion character, which decides how the argument is read.
    public enum Conversion: Character, Sendable, Hashable, CaseIterable {
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
        public var kind: Kind {
            switch self {
            case .decimal, .integer, .unsigned, .octal, .hex, .upperHex: .integer
            case .fixed, .upperFixed, .scientific, .upperScientific, .general, .upperGeneral,
                .hexFloat, .upperHexFloat: .floatingPoint
            case .character, .wideCharacter: .character
            case .cString, .wideString, .object: .string
            }
        }

        /// Argument kinds, coarse enough for comparing two languages' specifiers.
        public enum Kind: String, Sendable, Hashable {
            case integer, floatingPoint, character, string
        }
    }
}
