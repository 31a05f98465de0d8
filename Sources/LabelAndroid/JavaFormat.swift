import LabelCore

/// Apple specifiers as `java.util.Formatter` specifiers that print the same text
/// for the same arguments in the same locale (Android's `getString(id, args…)`
/// formats with the configuration's locale, as Apple's `localizedStringWithFormat`
/// does with the user's).
///
/// `%@ %s %S` → `s`, `%c %C` → `c`, `%d %i %u %D %U` (any length modifier) → `,d` and
/// `%f %F` → `,f`: LabelCore groups decimal conversions as `localizedStringWithFormat`
/// does, and Java groups only with the `,` flag. `%o %x %X` are kept, CF's `%O` is `%o`. What Java
/// prints differently, or refuses, has no conversion (``specifier(_:number:numbered:)``
/// returns the reason): `%e %g %a` (ICU's scientific pattern is not Java's), a
/// precision on integers, zero padding of grouped numbers, `+`/space on `%o %x`,
/// `#` on any conversion (on `%o %x` Java writes a zero as `00`/`0x0`, C as `0`), `+` and space together, `+` where the
/// language's plus sign is not a bare `+` (`he`, `ar`: a direction mark first), `*` widths and precisions,
/// `%p %P` (pointers), any specifier with a `FormatSpecifier.Hazard` (`%1000d`, `%'d`,
/// `%[key]@`), and `%n` (refused as `forbidden-specifier`).
enum JavaFormat {
    static func specifier(_ apple: FormatSpecifier, number: Int, numbered: Bool,
                          language: LanguageTag) -> Result<String, Unsupported> {
        let flags = apple.flags
        var javaFlags = ""
        let conversion: Character
        func refuse(_ why: String) -> Result<String, Unsupported> { .failure(Unsupported(specifier: apple.source, why: why)) }
        if apple.conversion == .writtenCount {
            return .failure(Unsupported(specifier: apple.source, why: "%n writes through its argument; never acceptable in a value",
                                        reason: .forbiddenSpecifier))
        }
        if let hazard = apple.hazard { return refuse(hazard.reason) }
        if apple.hasStarArgument { return refuse("java.util.Formatter has no * width or precision") }
        if flags.contains(.plusSign), flags.contains(.space) { return refuse("Java refuses + and space together") }
        // CF's `%D %U %O` are `%d %u %o`.
        switch apple.conversion.canonical {
        case .decimal, .integer, .unsigned, .fixed, .upperFixed:
            let integer = apple.conversion.kind == .integer
            if integer, apple.precision != nil { return refuse("Java has no precision for integers") }
            if flags.contains(.zeroPad) { return refuse("zero padding of a grouped number differs in Java") }
            if flags.contains(.alternate) { return refuse("Java has no # form for decimal numbers") }
            if flags.contains(.plusSign), NumberSymbols.forLanguage(language.rawValue).plusSign != "+" {
                return refuse("Apple writes \(language)'s plus sign with a direction mark; Java writes a bare +")
            }
            javaFlags += flags.contains(.plusSign) ? "+" : flags.contains(.space) ? " " : ""
            javaFlags += ","
            conversion = integer ? "d" : "f"
        case .octal, .hex, .upperHex:
            if apple.precision != nil { return refuse("Java has no precision for integers") }
            if flags.contains(.plusSign) || flags.contains(.space) { return refuse("Java allows no sign on unsigned radix conversions") }
            // Apple (C) prints a zero as `0` under `#`; Java prints `0x0` and `00`.
            if flags.contains(.alternate) { return refuse("Java's # form prints a zero as 0x0 or 00, Apple's as 0") }
            if flags.contains(.zeroPad), apple.width != nil, !flags.contains(.leftAlign) { javaFlags += "0" }
            conversion = apple.conversion.canonical.rawValue
        case .scientific, .upperScientific, .general, .upperGeneral, .hexFloat, .upperHexFloat:
            return refuse("Apple prints %\(apple.conversion.rawValue) with ICU's scientific pattern, which java.util.Formatter does not")
        case .character, .wideCharacter, .cString, .wideString, .object:
            let isCharacter = apple.conversion.kind == .character
            if flags.contains(.alternate) || flags.contains(.plusSign) || flags.contains(.space) || flags.contains(.zeroPad) {
                return refuse("Java allows no #, +, space or 0 on %\(isCharacter ? "c" : "s")")
            }
            if isCharacter, apple.precision != nil { return refuse("Java has no precision for %c") }
            conversion = isCharacter ? "c" : "s"
        case .pointer, .pascalString:
            return refuse("%\(apple.conversion.rawValue) reads a pointer; no argument text can stand for it")
        case .writtenCount, .upperDecimal, .upperUnsigned, .upperOctal:
            return refuse("unreachable: handled above")
        }
        // Java demands a width for `-` (and Apple ignores `-` without one).
        if flags.contains(.leftAlign), apple.width != nil { javaFlags = "-" + javaFlags }
        var out = "%"
        if numbered { out += "\(number)$" }
        out += javaFlags
        if let width = apple.width { out += String(width) }
        if let precision = apple.precision { out += ".\(precision)" }
        out.append(conversion)
        return .success(out)
    }

    struct Unsupported: Error, Equatable {
        var specifier: String
        var why: String
        /// The report's code: `unsupported-specifier`, or `forbidden-specifier` for `%n`.
        var reason: AndroidRefusal.Reason = .unsupportedSpecifier
    }

    /// Java format text for literal `text`: `%` doubled.
    static func literal(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 2)
        for character in text {
            if character == "%" { out += "%%" } else { out.append(character) }
        }
        return out
    }
}
