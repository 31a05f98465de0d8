package import LabelCore

/// Converts one store value for one Android folder: the pure heart of the export
/// and of `GET /labels?format=android`.
package enum AndroidConverter {
    /// What converting one value gave: the value (absent when it cannot be expressed)
    /// and what the report must say about it (table and key filled in by the caller).
    package struct Conversion: Sendable {
        package var value: AndroidValue?
        package var problems: [Problem]
    }

    package struct Problem: Sendable, Hashable {
        package var severity: AndroidRefusal.Severity
        package var reason: AndroidRefusal.Reason
        package var category: PluralCategory?
        package var message: String
    }

    /// `string` for a folder whose language is `language` (its CLDR rules decide the
    /// plural items Android can select).
    /// Inline attribute markup is never in the text: it becomes `<annotation>` spans
    /// (``convertMarked(_:language:)``).
    package static func convert(_ string: LocalizedString, language: LanguageTag) -> Conversion {
        if AndroidSpeech.mayHoldMarkup(string) { return convertMarked(string, language: language) }
        return convertPlain(string, language: language)
    }

    /// ``convert(_:language:)`` for a value without markup.
    static func convertPlain(_ string: LocalizedString, language: LanguageTag) -> Conversion {
        if string.variables.isEmpty, !string.template.utf8.contains(UInt8(ascii: "%")) {
            return Conversion(value: .string(string.template, formatted: true), problems: [])
        }
        guard let variable = pluralVariable(string) else {
            return single(string, language: language, variant: { _ in "" })
        }
        let variants = variable.variants
        // A variable whose variants are all one text selects nothing (Mastodon's
        // `%#@names@` only consumes an argument): a plain string with it spliced in.
        if let first = variants.values.first, variants.values.allSatisfy({ $0 == first }) {
            return single(string, language: language, variant: { _ in first })
        }
        return plurals(string, variants: variants, language: language)
    }

    /// The first variable the template reaches, or `nil` when it reaches none.
    private static func pluralVariable(_ string: LocalizedString) -> PluralVariable? {
        guard !string.variables.isEmpty else { return nil }
        for token in FormatToken.tokens(in: string.template) {
            if case .substitution(let substitution) = token, let variable = string.variables[substitution.name] {
                return variable
            }
        }
        return nil
    }

    private static func single(_ string: LocalizedString, language: LanguageTag, variant: (String) -> String) -> Conversion {
        let walk: AppleFormatWalk
        do {
            walk = try AppleFormatWalk.walk(string.template, variables: string.variables, variant: variant)
        } catch {
            return Conversion(value: nil, problems: [twoVariablesProblem])
        }
        // A value that reads no argument is what the server returns fetched with none:
        // the template as written (`Akku 100%`, `%100 kesin`, `100%% sicher`), never a
        // printed reading of its `%` sequences.
        guard walk.argumentCount > 0 else { return Conversion(value: asWritten(string.template), problems: []) }
        switch javaText(walk, numbered: needsNumbers([walk]), language: language) {
        case .success(let text): return Conversion(value: text, problems: [])
        case .failure(let unsupported): return Conversion(value: nil, problems: [problem(unsupported, category: nil)])
        }
    }

    private static func problem(_ unsupported: JavaFormat.Unsupported, category: PluralCategory?) -> Problem {
        Problem(severity: .error, reason: unsupported.reason, category: category,
                message: "\(unsupported.specifier): \(unsupported.why)")
    }

    /// Numbered Java specifiers when two or more placeholders (or arguments) exist or
    /// the Apple text numbered its own.
    static func needsNumbers(_ walks: [AppleFormatWalk]) -> Bool {
        walks.contains { walk in
            var count = 0
            for case .argument(let specifier, _) in walk.pieces {
                if specifier.position != nil { return true }
                count += 1
            }
            return count >= 2 || walk.argumentCount >= 2
        }
    }

    /// A text that reads no argument, as written: `formatted="false"` when it has a `%`
    /// (aapt2 would otherwise read it as a substitution).
    static func asWritten(_ text: String) -> AndroidValue {
        .string(text, formatted: !text.utf8.contains(UInt8(ascii: "%")))
    }

    /// The Java format of a walk that reads arguments.
    static func javaText(_ walk: AppleFormatWalk, numbered: Bool, language: LanguageTag) -> Result<AndroidValue, JavaFormat.Unsupported> {
        switch javaFormat(walk, numbered: numbered, language: language) {
        case .success(let text): return .success(.string(text, formatted: true))
        case .failure(let unsupported): return .failure(unsupported)
        }
    }

    static func javaFormat(_ walk: AppleFormatWalk, numbered: Bool, language: LanguageTag) -> Result<String, JavaFormat.Unsupported> {
        var out = ""
        for piece in walk.pieces {
            switch piece {
            case .text(let text): out += JavaFormat.literal(text)
            case .argument(let specifier, let number):
                switch JavaFormat.specifier(specifier, number: number, numbered: numbered, language: language) {
                case .success(let text): out += text
                case .failure(let unsupported): return .failure(unsupported)
                }
            }
        }
        return .success(out)
    }
}
