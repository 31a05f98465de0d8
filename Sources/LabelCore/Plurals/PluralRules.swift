/// The CLDR cardinal plural rules of one locale.
///
/// Rules for every CLDR locale come from `PluralRuleTable` (generated from CLDR),
/// parsed once on first use; `forLanguage` is a dictionary lookup after that.
public struct PluralRules: Sendable {
    /// The CLDR locale id actually used (e.g. "pt-PT", "de", "und").
    public let locale: String
    /// Categories this locale distinguishes, in CLDR order, always ending with `.other`.
    public let categories: [PluralCategory]
    /// The conditions of every category but `other`, in CLDR order.
    private let conditions: [(category: PluralCategory, rule: PluralRule)]

    private init(locale: String, conditions: [(category: PluralCategory, rule: PluralRule)]) {
        self.locale = locale
        self.conditions = conditions
        categories = conditions.map(\.category) + [.other]
    }

    /// Rules for a BCP 47 tag: the exact locale if CLDR has it (`pt-PT`), else its
    /// truncations (`de-AT` → `de`), else CLDR root (`und`: everything is `other`).
    ///
    /// Case-insensitive, `_` accepted as `-`. Cheap after the first call: the
    /// table is parsed once, then this is a few dictionary lookups.
    public static func forLanguage(_ tag: String) -> PluralRules {
        var key = normalized(tag)
        while true {
            if let rules = all[key] { return rules }
            guard let dash = key.lastIndex(of: "-") else { return root }
            key = String(key[..<dash])
        }
    }

    /// The category of a number with these operands: the first whose condition holds, else `other`.
    public func category(for operands: PluralOperands) -> PluralCategory {
        for (category, rule) in conditions where rule.matches(operands) {
            return category
        }
        return .other
    }

    /// Every CLDR locale's rules, keyed by lowercased locale id.
    ///
    /// A `static let` is initialised once, lazily and thread-safely, so no lock is needed.
    private static let all: [String: PluralRules] = parseTable(PluralRuleTable.source)

    /// CLDR root, where every number is `other`.
    private static let root = all["und"] ?? PluralRules(locale: "und", conditions: [])

    /// Lowercase, with `_` as `-`, the form of the table's keys.
    private static func normalized(_ tag: String) -> String {
        String(decoding: tag.utf8.map { byte in
            switch byte {
            case UInt8(ascii: "_"): UInt8(ascii: "-")
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
            default: byte
            }
        }, as: UTF8.self)
    }

    /// Parses the generated `locale:category:condition` lines.
    ///
    /// The table is generated and every rule in it is tested, so a line that
    /// does not parse is a build defect, not an input error: it traps.
    private static func parseTable(_ source: String) -> [String: PluralRules] {
        var conditionsByLocale: [String: [(category: PluralCategory, rule: PluralRule)]] = [:]
        var localeOrder: [String] = []
        // Many locales share a condition text; parse each text once.
        var parsed: [Substring: PluralRule] = [:]
        for line in source.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let category = PluralCategory(rawValue: String(fields[1])) else {
                preconditionFailure("malformed plural rule table line: \(line)")
            }
            let locale = String(fields[0])
            if conditionsByLocale[locale] == nil {
                conditionsByLocale[locale] = []
                localeOrder.append(locale)
            }
            guard category != .other else { continue }
            let text = fields[2]
            let rule: PluralRule
            if let cached = parsed[text] {
                rule = cached
            } else {
                do {
                    rule = try PluralRule(parsing: String(text))
                } catch {
                    preconditionFailure("\(locale) \(category): \(error) in \"\(text)\"")
                }
                parsed[text] = rule
            }
            conditionsByLocale[locale, default: []].append((category, rule))
        }
        var all: [String: PluralRules] = [:]
        for locale in localeOrder {
            all[normalized(locale)] = PluralRules(locale: locale, conditions: conditionsByLocale[locale] ?? [])
        }
        return all
    }
}
