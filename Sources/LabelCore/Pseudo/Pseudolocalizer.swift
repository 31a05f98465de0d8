/// Android's pseudolocalizer, ported from aapt2's `Pseudolocalizer` (tools/aapt2/compile/
/// Pseudolocalizer.cpp) and checked byte for byte against Debian's `aapt package
/// --pseudo-localize` (scripts/generate-pseudo-oracle.sh, docs/pseudo-locales.md).
///
/// It works on UTF-16 code units as aapt does (so the expansion's length counts code units),
/// keeps aapt's quirks (an apostrophe is an ICU quote: a value ending in `'x'` loses its
/// text, as on Android), and protects Apple's syntax besides Android's: format specifiers as
/// ``FormatToken`` reads them (`%@`, `%lld`, `%1$@` wrapped in `»…«` like `%1$s`),
/// `%#@name@` substitutions copied as they are (their variants are pseudolocalized on
/// their own), and inline attribute markup, of which only the text inside `[…]` changes.
package struct Pseudolocalizer: Sendable {
    package let locale: PseudoLocale
    /// The ICU message depth (`{…}`) reached at the end of the previous piece of text.
    private var lastDepth = 0
    /// Accent: how many messages are open (the outer one adds `[` and `]`).
    var accentDepth = 0
    /// Accent: words of the current message, counted as aapt counts them.
    var wordCount = 0
    /// Accent: characters of the current message that count towards the expansion.
    var length = 0

    package init(_ locale: PseudoLocale) {
        self.locale = locale
    }

    /// `template` in `locale`: the whole value of one string or of one plural variant.
    /// A template that is nothing but `%#@name@` substitutions (a `.stringsdict` format
    /// key) stays as it is: the variants it names carry the pseudo-locale.
    package static func pseudolocalize(_ template: String, as locale: PseudoLocale) -> String {
        if isOnlySubstitutions(template) { return template }
        var localizer = Pseudolocalizer(locale)
        var output = localizer.start()
        let segments = InlineMarkup.mayContainMarkup(template) ? InlineMarkup.segments(template) : [.text(template[...])]
        for segment in segments {
            switch segment {
            case .text(let text): output += localizer.text(Array(text.utf16))
            case .syntax(let syntax): output += Array(syntax.utf16)
            }
        }
        output += localizer.end()
        return String(decoding: output, as: UTF16.self)
    }

    /// Whether `template` holds substitutions and, around them, only whitespace.
    static func isOnlySubstitutions(_ template: String) -> Bool {
        guard template.contains("%#@") || template.contains("$#@") else { return false }
        return FormatToken.tokens(in: template).allSatisfy { token in
            switch token {
            case .substitution: true
            case .literal(let text): text.allSatisfy(\.isWhitespace)
            case .specifier, .invalid: false
            }
        }
    }

    /// The start of a message: `[` for the outer one (accent).
    mutating func start() -> [UInt16] {
        switch locale {
        case .accented: accentStart()
        case .bidirectional: []
        }
    }

    /// The end of a message: the expansion words and `]` (accent).
    mutating func end() -> [UInt16] {
        switch locale {
        case .accented: accentEnd()
        case .bidirectional: []
        }
    }

    /// aapt's `Pseudolocalizer::Text`: cuts `text` at ICU message braces (`{`, `}`, with
    /// `'` quoting the next character); text at an even depth is pseudolocalized, an
    /// argument `{…}` at an odd depth is a placeholder.
    mutating func text(_ text: [UInt16]) -> [UInt16] {
        var output: [UInt16] = []
        var depth = lastDepth
        var lastPosition = 0
        var escaped = false
        for position in text.indices {
            let unit = text[position]
            if escaped {
                escaped = false
                continue
            }
            if unit == Unit.apostrophe {
                escaped = true
                continue
            }
            if unit == Unit.openBrace {
                depth += 1
            } else if unit == Unit.closeBrace && depth > 0 {
                depth -= 1
            }
            guard lastDepth != depth || position == text.count - 1 else { continue }
            let pseudo = lastDepth % 2 == 0
            let next = !pseudo || depth == lastDepth ? position + 1 : position
            if next > lastPosition {
                let chunk = Array(text[lastPosition..<next])
                if pseudo {
                    output += methodText(chunk)
                } else if chunk.first == Unit.openBrace && chunk.last == Unit.closeBrace {
                    output += placeholder(chunk)
                } else {
                    output += chunk
                }
            }
            if pseudo && depth < lastDepth {
                output += end()
            } else if !pseudo && depth > lastDepth {
                output += start()
            }
            lastPosition = next
            lastDepth = depth
        }
        return output
    }

    private mutating func methodText(_ chunk: [UInt16]) -> [UInt16] {
        switch locale {
        case .accented: accentText(chunk)
        case .bidirectional: Self.bidiText(chunk)
        }
    }

    /// A placeholder wrapped as the method wraps it: `»…«` or RLM RLO … PDF RLM.
    func placeholder(_ chunk: [UInt16]) -> [UInt16] {
        switch locale {
        case .accented: [Unit.placeholderOpen] + chunk + [Unit.placeholderClose]
        case .bidirectional: Self.wordStart + chunk + Self.wordEnd
        }
    }
}

/// The UTF-16 code units the algorithm looks for.
enum Unit {
    static let apostrophe = UInt16(UInt8(ascii: "'"))
    static let openBrace = UInt16(UInt8(ascii: "{"))
    static let closeBrace = UInt16(UInt8(ascii: "}"))
    static let percent = UInt16(UInt8(ascii: "%"))
    static let lessThan = UInt16(UInt8(ascii: "<"))
    static let greaterThan = UInt16(UInt8(ascii: ">"))
    static let ampersand = UInt16(UInt8(ascii: "&"))
    static let semicolon = UInt16(UInt8(ascii: ";"))
    static let backslash = UInt16(UInt8(ascii: "\\"))
    static let space = UInt16(UInt8(ascii: " "))
    static let placeholderOpen: UInt16 = 0x00BB   // »
    static let placeholderClose: UInt16 = 0x00AB  // «
    static let rightToLeftMark: UInt16 = 0x200F
    static let rightToLeftOverride: UInt16 = 0x202E
    static let popDirectionalFormatting: UInt16 = 0x202C

    /// C's `isspace` in the C locale, which aapt2 uses: space, tab, LF, VT, FF, CR.
    static func isSpace(_ unit: UInt16) -> Bool {
        unit == space || (0x09...0x0D).contains(unit)
    }
}
