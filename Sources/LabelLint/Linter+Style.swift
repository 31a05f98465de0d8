import Foundation
import LabelCore

extension Linter {
    /// Apple's label and hint rules (seeds 002 and 003): labels capitalized, without a
    /// trailing period or control type, within the word limit; hints capitalized,
    /// starting with a verb, ending with a period, without a control type. Each rule
    /// checks only the keys in its scope (``LintRuleSettings/applies(_:key:table:)``:
    /// by default label rules the label keys, hint rules the hint keys), and no rule
    /// checks a format template such as `MMM d` (``isFormatTemplate(_:)``).
    ///
    /// Plural values are checked as spoken: once per category, with every `%#@var@`
    /// replaced by that category's variant. A rule reports at most once per value.
    func styleFindings(_ entry: LintEntry) -> [LintFinding] {
        let on = WordingRules(options.rules, key: entry.key, table: entry.table)
        guard !on.isEmpty else { return [] }
        var findings: [LintFinding] = []
        var reported: Set<LintRule> = []
        var text = ""
        // Whether this sample is a format template: asked only once a rule would report.
        var template: Bool?
        func add(_ rule: LintRule, _ message: @autoclosure () -> String) {
            guard on.contains(rule), !reported.contains(rule) else { return }
            if template == nil { template = Self.isFormatTemplate(text) }
            guard template == false else { return }
            reported.insert(rule)
            findings.append(LintFinding(rule: rule, file: entry.file, line: entry.line, key: entry.key,
                                        language: entry.language, message: message()))
        }
        let language = String(entry.language.language)
        for sample in Self.spokenSamples(of: entry.string) {
            text = Self.trimmed(sample)
            template = nil
            guard !text.isEmpty else { continue }
            if Self.startsLowercase(text) {
                add(on.contains(.hintCapitalization) ? .hintCapitalization : .labelCapitalization,
                    "\"\(text)\" should begin with a capital letter")
            }
            if on.contains(.controlTypeWord), let word = Self.controlTypeWord(in: text, language: language) {
                add(.controlTypeWord, "\"\(word)\" names the control type, which VoiceOver already announces from the trait")
            }
            if !(text.hasSuffix(".") || text.hasSuffix("。")) {
                add(.hintPeriod, "\"\(text)\" should end with a period")
            }
            if on.contains(.hintVerb), let word = Self.nonVerbStart(of: text, language: language) {
                add(.hintVerb, "\"\(text)\" should start with a verb, not \"\(word)\"")
            }
            if (text.hasSuffix(".") && !text.hasSuffix("...")) || text.hasSuffix("。") {
                add(.labelTrailingPeriod, "\"\(text)\" should not end with a period")
            }
            if on.contains(.wordLimit), let limit = options.maximumWords {
                let count = Self.wordCount(text)
                if count > limit {
                    add(.wordLimit, "\"\(text)\" has \(count) words; the limit is \(limit)")
                }
            }
        }
        return findings
    }

    /// The value as VoiceOver would speak it, one text per plural category, with
    /// `%%` decoded and ordinary specifiers kept (they stand for a number or name).
    /// Inline attribute markup is taken out (`^[Mürren](…)` is spoken `Mürren`).
    static func spokenSamples(of string: LocalizedString) -> [String] {
        let samples: [String]
        if string.isPlural {
            let categories = Set(string.variables.values.flatMap(\.variants.keys)).sorted()
            samples = categories.map { expand(string.template, category: $0, variables: string.variables, depth: 0) }
        } else {
            samples = [expand(string.template, category: .other, variables: [:], depth: 0)]
        }
        return samples.map { InlineMarkup.mayContainMarkup($0) ? InlineMarkup.parse($0).text : $0 }
    }

    private static func expand(_ text: String, category: PluralCategory, variables: [String: PluralVariable], depth: Int) -> String {
        guard text.contains("%") else { return text }
        var out = ""
        for token in FormatToken.tokens(in: text) {
            switch token {
            case .literal(let literal):
                out += literal
            case .substitution(let substitution):
                if depth < 4, let variable = variables[substitution.name],
                   let variant = variable.variants[category] ?? variable.variants[.other] {
                    out += expand(variant, category: category, variables: variables, depth: depth + 1)
                } else {
                    out += substitution.source
                }
            default:
                out += token.source
            }
        }
        return out
    }

    /// Whether the first character is a lowercase letter. A value starting with a
    /// format argument, a digit or punctuation cannot be capitalized and passes.
    static func startsLowercase(_ text: String) -> Bool {
        guard let first = text.first, first != "%" else { return false }
        return first.isLetter && first.isLowercase
    }

    /// Words: runs separated by white space that hold a letter, a digit or a
    /// specifier (which is spoken as a number or a name).
    static func wordCount(_ text: String) -> Int {
        text.split(whereSeparator: \.isWhitespace).count { word in
            word.contains { $0.isLetter || $0.isNumber || $0 == "%" }
        }
    }

    /// Control-type words per primary language, lowercased; matched as whole words.
    static let controlTypeWords: [String: Set<String>] = [
        "en": ["button", "buttons", "tab", "link", "image", "icon"],
        "de": ["taste", "schaltfläche", "button", "knopf"],
        "fr": ["bouton"],
        "pl": ["przycisk", "przycisku", "przyciskiem"],
        "ru": ["кнопка", "кнопку", "кнопки", "кнопке", "кнопкой"],
        "ar": ["زر"],
    ]

    /// The first control-type word of the text, as written.
    static func controlTypeWord(in text: String, language: String) -> String? {
        guard let words = controlTypeWords[language] else { return nil }
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.split(whereSeparator: { !$0.isLetter }).first { words.contains($0.lowercased()) }.map(String.init)
        }
        return asciiControlTypeWord(in: text, words: words)
    }

    /// ``controlTypeWord(in:language:)`` for ASCII text, without a `String` per word or a
    /// Unicode property lookup per character: in ASCII a letter is `A-Z` or `a-z`.
    private static func asciiControlTypeWord(in text: String, words: Set<String>) -> String? {
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            guard isLetter(bytes[start]) else {
                start += 1
                continue
            }
            var end = start
            while end < bytes.count, isLetter(bytes[end]) { end += 1 }
            if end - start <= controlTypeWordBytes {
                let word = String(decoding: bytes[start..<end], as: UTF8.self)
                if words.contains(word.lowercased()) { return word }
            }
            start = end
        }
        return nil
    }

    /// The longest control-type word in UTF-8 bytes: a longer ASCII word is none of them.
    private static let controlTypeWordBytes = controlTypeWords.values.flatMap { $0 }.map(\.utf8.count).max() ?? 0

    /// `text` without leading and trailing white space and newlines, as
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` returns it; that call (slow on
    /// Linux, through `NSString`) is made only when an end is such a character.
    static func trimmed(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return text }
        let set = CharacterSet.whitespacesAndNewlines
        guard set.contains(first) || set.contains(last) else { return text }
        return text.trimmingCharacters(in: set)
    }

    /// Common English verbs a hint starts with, in the imperative (third-person
    /// forms are recognized by their `s`).
    static let englishVerbs: Set<String> = [
        "activate", "add", "adjust", "allow", "answer", "apply", "archive", "ask", "browse", "buy", "call",
        "cancel", "change", "check", "choose", "clear", "close", "collapse", "collect", "complete", "confirm",
        "connect", "continue", "copy", "create", "decrease", "delete", "deselect", "disable", "discard", "dismiss",
        "display", "do", "don", "double", "double-tap", "download", "drag", "draw", "earn", "edit", "enable",
        "enter", "erase", "expand", "explore", "export", "fill", "filter", "find", "finish", "flip", "follow",
        "get", "give", "go", "hear", "hide", "hold", "import", "increase", "insert", "install", "join", "jump",
        "keep", "leave", "let", "like", "listen", "load", "lock", "log", "make", "mark", "move", "mute",
        "navigate", "open", "pause", "pick", "pin", "place", "play", "post", "press", "preview", "print", "put",
        "read", "record", "redo", "refresh", "reload", "remove", "rename", "reorder", "repeat", "replay", "reply",
        "report", "reset", "restart", "restore", "resume", "retry", "return", "reveal", "rewind", "roll", "rotate",
        "save", "scan", "scroll", "search", "see", "select", "send", "set", "share", "show", "sign", "skip",
        "slide", "solve", "sort", "start", "stop", "submit", "swipe", "switch", "take", "tap", "toggle", "touch",
        "trace", "trade", "try", "turn", "type", "undo", "unlock", "unmute", "update", "upload", "use", "view",
        "visit", "wait", "watch", "write", "zoom",
    ]

    /// English words ending in `s` that are not verbs but often start a sentence.
    static let englishNonVerbsEndingInS: Set<String> = [
        "this", "its", "his", "hers", "ours", "yours", "theirs", "us", "as", "is", "was", "has", "does", "yes",
        "various", "previous", "bonus", "plus", "less", "unless", "always", "sometimes", "perhaps",
    ]

    /// Words that show a German or French hint does not start with a verb:
    /// articles, pronouns, prepositions, conjunctions.
    static let nonVerbStarts: [String: Set<String>] = [
        "de": [
            "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines",
            "zum", "zur", "zu", "mit", "für", "um", "von", "vom", "im", "in", "ins", "am", "an", "auf", "aus",
            "bei", "beim", "nach", "über", "unter", "vor", "durch", "ohne", "gegen", "und", "oder", "aber",
            "dieser", "diese", "dieses", "diesen", "ich", "du", "er", "sie", "es", "wir", "ihr", "man",
            "mein", "meine", "dein", "deine", "sein", "seine", "hier", "dort", "damit", "wenn", "nicht",
        ],
        "fr": [
            "le", "la", "les", "l", "un", "une", "des", "du", "de", "d", "au", "aux", "pour", "avec", "sans",
            "en", "dans", "sur", "par", "ce", "cet", "cette", "ces", "mon", "ma", "mes", "ton", "ta", "tes",
            "son", "sa", "ses", "votre", "vos", "notre", "nos", "il", "elle", "ils", "elles", "on", "je", "tu",
            "nous", "vous", "et", "ou", "mais", "ici",
        ],
    ]

    /// The first word of a hint when a heuristic says it is not a verb; `nil` when
    /// it may be one, when the hint starts with an argument, or for languages
    /// without a heuristic (only en, de and fr have one).
    static func nonVerbStart(of text: String, language: String) -> String? {
        guard language == "en" || nonVerbStarts[language] != nil else { return nil }
        let word = String(text.prefix { $0.isLetter || $0 == "-" })
        guard !word.isEmpty else { return nil }
        let lower = word.lowercased()
        if language == "en" {
            let head = String(lower.prefix { $0 != "-" })
            if englishVerbs.contains(lower) || englishVerbs.contains(head) { return nil }
            if lower.hasSuffix("s"), lower.count > 2, !lower.hasSuffix("ss"), !englishNonVerbsEndingInS.contains(lower) {
                return nil
            }
            return word
        }
        return nonVerbStarts[language]!.contains(lower) ? word : nil
    }
}
