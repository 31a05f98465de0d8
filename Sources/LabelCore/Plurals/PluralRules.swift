/// The CLDR cardinal plural rules of one locale.
///
/// Rules for every CLDR locale come from `PluralRuleTable` (generated from CLDR), each
/// locale's parsed once on its first use; `forLanguage` is a dictionary lookup after that.
package struct PluralRules: Sendable {
    /// The CLDR locale id actually used (e.g. "pt-PT", "de", "und").
    package let locale: String
    /// Categories this locale distinguishes, in CLDR order, always ending with `.other`.
    package let categories: [PluralCategory]
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
    /// Case-insensitive, `_` accepted as `-`. Cheap after a locale's first call: its
    /// rules are parsed once, then this is a few dictionary lookups and no lock.
    package static func forLanguage(_ tag: String) -> PluralRules {
        var key = normalized(tag)
        while true {
            if let index = tableIndex[key] { return PluralRuleTable.rules(at: index) }
            guard let dash = key.lastIndex(of: "-") else { return root }
            key = String(key[..<dash])
        }
    }

    /// The category of a number with these operands: the first whose condition holds, else `other`.
    package func category(for operands: PluralOperands) -> PluralCategory {
        for (category, rule) in conditions where rule.matches(operands) {
            return category
        }
        return .other
    }

    /// Every CLDR locale's index in `PluralRuleTable`, keyed by lowercased locale id.
    ///
    /// A `static let` is initialised once, lazily and thread-safely, so no lock is needed.
    private static let tableIndex: [String: Int] = Dictionary(
        uniqueKeysWithValues: PluralRuleTable.locales.enumerated().map { (normalized($1), $0) })

    /// CLDR root, where every number is `other`.
    private static let root = tableIndex["und"].map(PluralRuleTable.rules(at:))
        ?? PluralRules(locale: "und", conditions: [])

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

    /// Parses the generated `locale:category:condition` lines of `PluralRuleTable`'s
    /// locale at `tableIndex` (its `static let`s call this, once per locale).
    ///
    /// The table is generated and every rule in it is tested, so a line that
    /// does not parse is a build defect, not an input error: it traps.
    init(tableIndex: Int) {
        let locale = PluralRuleTable.locales[tableIndex]
        var conditions: [(category: PluralCategory, rule: PluralRule)] = []
        for line in PluralRuleTable.lines[tableIndex].utf8.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: ":"), maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, String(Substring(fields[0])) == locale,
                  let category = PluralCategory(rawValue: String(Substring(fields[1])))
            else {
                preconditionFailure("malformed plural rule table line: \(Substring(line))")
            }
            guard category != .other else { continue }
            let text = String(Substring(fields[2]))
            do {
                conditions.append((category, try PluralRule(parsing: text)))
            } catch {
                preconditionFailure("\(locale) \(category): \(error) in \"\(text)\"")
            }
        }
        self.init(locale: locale, conditions: conditions)
    }
}
