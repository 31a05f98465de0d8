package import LabelCore

/// What a `trans-unit` id names in the store, by the kind of its `<file>`.
///
/// Xcode's id forms:
/// - `.strings`: the id is the key;
/// - `.stringsdict`: `/KEY:dict/NSStringLocalizedFormatKey:dict/:string` (the format)
///   and `/KEY:dict/VARIABLE:dict/CATEGORY:dict/:string` (one plural variant); under a
///   width or device rule the path goes through the rule and the variant's name
///   (`/KEY:dict/NSStringVariableWidthRuleType:dict/20:dict/:string`,
///   `/KEY:dict/NSStringDeviceSpecificRuleType:dict/iphone:dict/VARIABLE:dict/one:dict/:string`);
/// - `.xcstrings`: `KEY` (the string unit), `KEY|==|plural.CAT`, `KEY|==|device.DEVICE`,
///   `KEY|==|device.DEVICE.plural.CAT`, `KEY|==|substitutions.NAME.plural.CAT`.
package enum UnitAddress: Sendable, Hashable {
    case strings(key: String)
    case stringsdictFormat(key: String)
    case stringsdictVariant(key: String, variable: String, category: PluralCategory)
    /// A leaf under one or more width/device rules of the entry `key` (`route` from the top).
    case stringsdictRouted(key: String, route: [StringsDictStep], leaf: StringsDictLeaf)
    case catalog(key: String, path: CatalogPath)
    /// A unit of a file whose kind is not imported; never written.
    case other(id: String)

    /// Where in a String Catalog localization a unit's value goes.
    package enum CatalogPath: Sendable, Hashable {
        case stringUnit
        case plural(PluralCategory)
        case device(String)
        case devicePlural(device: String, category: PluralCategory)
        case substitution(name: String, category: PluralCategory)
    }

    /// One step into a `.stringsdict` entry: the variant `name` of a width or device rule.
    package struct StringsDictStep: Sendable, Hashable {
        package enum Rule: String, Sendable, Hashable {
            case width = "NSStringVariableWidthRuleType"
            case device = "NSStringDeviceSpecificRuleType"
        }

        package var rule: Rule
        /// The width (`20`) or device (`iphone`, `other`).
        package var name: String
    }

    /// What a routed `.stringsdict` unit sets at the end of its route.
    package enum StringsDictLeaf: Sendable, Hashable {
        /// The variant itself is the string.
        case text
        /// The variant is a plural rule: its `NSStringLocalizedFormatKey`.
        case format
        /// The variant is a plural rule: one category of one variable.
        case variant(variable: String, category: PluralCategory)
    }

    /// The key the unit belongs to (the id itself for other kinds).
    package var key: String {
        switch self {
        case .strings(let key), .stringsdictFormat(let key), .stringsdictVariant(let key, _, _), .stringsdictRouted(let key, _, _),
             .catalog(let key, _): key
        case .other(let id): id
        }
    }

    /// Reads `id` as a unit of a file of `kind`; `nil` when it is no known form.
    static func parse(_ id: String, kind: String) -> UnitAddress? {
        switch StoreFileKind(rawValue: kind) {
        // In a `.strings` <file> the id is the key, whatever it spells (`a/b`,
        // `/k:dict/NSStringLocalizedFormatKey:dict/:string`): Xcode and the server's
        // `/missing` XLIFF put plural units in a `.stringsdict` <file>
        // (docs/decisions/xliff-files-per-source.md).
        case .strings?: return id.isEmpty ? nil : .strings(key: id)
        case .stringsdict?: return stringsdict(id)
        case .catalog?: return catalog(id)
        case nil: return .other(id: id)
        }
    }

    /// Whether `text`'s UTF-8 holds `needle`'s.
    private static func hasBytes(_ text: String, _ needle: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        let bytes = Array(text.utf8)
        guard bytes.count >= pattern.count else { return false }
        for start in 0...(bytes.count - pattern.count) where bytes[start..<(start + pattern.count)].elementsEqual(pattern) { return true }
        return false
    }

    private static func stringsdict(_ id: String) -> UnitAddress? {
        guard id.hasPrefix("/"), id.hasSuffix(":dict/:string") else { return nil }
        let body = id.dropFirst().dropLast(":dict/:string".count)
        // Both rule names end in `RuleType`; the byte search first (String's `contains` was a
        // tenth of a 100-language import).
        if id.utf8.count >= 8, hasBytes(id, "RuleType:dict/"),
            id.contains(":dict/\(StringsDictStep.Rule.width.rawValue):dict/") || id.contains(":dict/\(StringsDictStep.Rule.device.rawValue):dict/") {
            return routed(body)
        }
        guard let last = lastRange(of: ":dict/", in: body) else { return nil }
        let leaf = String(body[last.upperBound...])
        let rest = body[..<last.lowerBound]
        guard !rest.isEmpty else { return nil }
        if leaf == "NSStringLocalizedFormatKey" { return .stringsdictFormat(key: String(rest)) }
        guard let category = PluralCategory(rawValue: leaf), let split = lastRange(of: ":dict/", in: rest) else { return nil }
        let key = rest[..<split.lowerBound], variable = rest[split.upperBound...]
        guard !key.isEmpty, !variable.isEmpty, !variable.contains("/") else { return nil }
        return .stringsdictVariant(key: String(key), variable: String(variable), category: category)
    }

    /// The last occurrence of an ASCII `needle` (a plain byte search: the generic
    /// `ranges(of:)` costs a tenth of a 100-language import).
    private static func lastRange(of needle: StaticString, in text: Substring) -> Range<Substring.Index>? {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        let utf8 = text.utf8
        var end = utf8.endIndex
        while let start = utf8.index(end, offsetBy: -pattern.count, limitedBy: utf8.startIndex) {
            if utf8[start..<end].elementsEqual(pattern) { return start..<end }
            end = utf8.index(before: end)
        }
        return nil
    }

    private static func catalog(_ id: String) -> UnitAddress? {
        guard let separator = lastRange(of: "|==|", in: Substring(id)) else { return id.isEmpty ? nil : .catalog(key: id, path: .stringUnit) }
        let key = String(id[..<separator.lowerBound])
        let parts = id[separator.upperBound...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !key.isEmpty else { return nil }
        switch parts.count {
        case 2 where parts[0] == "plural":
            return PluralCategory(rawValue: parts[1]).map { .catalog(key: key, path: .plural($0)) }
        case 2 where parts[0] == "device" && !parts[1].isEmpty:
            return .catalog(key: key, path: .device(parts[1]))
        case 4 where parts[0] == "device" && parts[2] == "plural" && !parts[1].isEmpty:
            return PluralCategory(rawValue: parts[3]).map { .catalog(key: key, path: .devicePlural(device: parts[1], category: $0)) }
        case 4 where parts[0] == "substitutions" && parts[2] == "plural" && !parts[1].isEmpty:
            return PluralCategory(rawValue: parts[3]).map { .catalog(key: key, path: .substitution(name: parts[1], category: $0)) }
        default:
            return nil
        }
    }
}
