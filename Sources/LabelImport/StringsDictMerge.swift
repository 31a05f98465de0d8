import Foundation
import LabelCore

/// Merges imported plural entries into a `.stringsdict` file.
///
/// An entry gets the whole structure Apple needs: `NSStringLocalizedFormatKey`,
/// and per variable `NSStringFormatSpecTypeKey` and `NSStringFormatValueTypeKey`
/// taken from the development language's entry (or the file's own, when it has
/// them), with the translated categories. Categories the XLIFF lacks are not
/// copied from the development language (Xcode copies English `other`): they
/// stay missing and the report names them. An existing file keeps every other
/// key, its order and its comments: only the imported entries' `<dict>`s are
/// replaced and new ones are added before the closing `</dict>`. The result is
/// read back and must be exactly the expected property list, or it is refused.
enum StringsDictMerge {
    static let formatKey = "NSStringLocalizedFormatKey"
    static let specTypeKey = "NSStringFormatSpecTypeKey"
    static let valueTypeKey = "NSStringFormatValueTypeKey"
    static let pluralRuleType = "NSStringPluralRuleType"

    /// What the XLIFF says about one key.
    struct Update: Hashable {
        var key: String
        var format: String?
        /// Variable → category → text.
        var variants: [String: [PluralCategory: String]] = [:]
        /// Leaves under width and device rules, in XLIFF order.
        var routed: [Routed] = []
    }

    /// One leaf under width/device rules (``UnitAddress/stringsdictRouted(key:route:leaf:)``).
    struct Routed: Hashable {
        var route: [UnitAddress.StringsDictStep]
        var leaf: UnitAddress.StringsDictLeaf
        var text: String
    }

    /// The merged entries by key (for the report), the new bytes (`nil`: unchanged), and
    /// the keys not merged, with why (``undefinedVariable(in:)``).
    struct Result {
        var entries: [String: [String: PropertyListValue]]
        var bytes: [UInt8]?
        var refused: [String: String] = [:]
    }

    static func merge(existing data: Data?, development: [String: PropertyListValue], updates: [Update]) throws(ImportRefusal) -> Result {
        var root: [String: PropertyListValue] = [:]
        if let data {
            do { root = try PropertyListReader.read(data).dictionary ?? [:] } catch {
                throw ImportRefusal(.existingUnreadable(detail: "\(error.reason)"))
            }
        }
        let old = root
        var merged: [String: [String: PropertyListValue]] = [:]
        var refused: [String: String] = [:]
        for update in updates {
            let entry = try self.entry(update, existing: root[update.key]?.dictionary, development: development[update.key]?.dictionary)
            if let problem = undefinedVariable(in: entry) {
                refused[update.key] = problem
                continue
            }
            merged[update.key] = entry
            root[update.key] = .dictionary(entry)
        }
        guard root != old else { return Result(entries: merged, bytes: nil, refused: refused) }
        let changedKeys = updates.map(\.key).filter { refused[$0] == nil && root[$0] != old[$0] }
        var seen: Set<String> = []
        let ordered = changedKeys.filter { seen.insert($0).inserted }
        let bytes: [UInt8]
        if let data {
            bytes = try splice(data, keys: ordered, root: root)
        } else {
            bytes = Array(document(keys: ordered, root: root).utf8)
        }
        let reread: PropertyListValue
        do { reread = try PropertyListReader.read(Data(bytes)) } catch { throw ImportRefusal(.mergedUnreadable(kind: .stringsdict, detail: "\(error.reason)")) }
        guard reread == .dictionary(root) else { throw ImportRefusal(.mergedDiffers(kind: .stringsdict)) }
        return Result(entries: merged, bytes: bytes, refused: refused)
    }

    private static func entry(_ update: Update, existing: [String: PropertyListValue]?,
                              development: [String: PropertyListValue]?) throws(ImportRefusal) -> [String: PropertyListValue] {
        var entry = existing ?? [:]
        if !update.routed.isEmpty {
            entry = try routed(update, entry: entry, development: development)
            // Only width/device variants: the entry needs no format of its own.
            guard update.format != nil || !update.variants.isEmpty else { return entry }
        }
        if let format = update.format {
            entry[formatKey] = .string(format)
        } else if entry[formatKey] == nil {
            // No translated format and none in the file: the development language's
            // only when it is nothing but specifiers (`%#@count@`), never English words.
            guard let format = development?[formatKey]?.string, isOnlySpecifiers(format) else {
                throw ImportRefusal(.noFormatKey(key: update.key, place: nil))
            }
            entry[formatKey] = .string(format)
        }
        for (name, categories) in update.variants {
            var variable = entry[name]?.dictionary ?? [:]
            let developmentVariable = development?[name]?.dictionary
            if variable[specTypeKey] == nil { variable[specTypeKey] = .string(pluralRuleType) }
            for (category, text) in categories { variable[category.rawValue] = .string(text) }
            if variable[valueTypeKey] == nil, let type = developmentVariable?[valueTypeKey] ?? valueType(of: variable) {
                variable[valueTypeKey] = type
            }
            entry[name] = .dictionary(variable)
        }
        return entry
    }

    /// `NSStringFormatValueTypeKey` as Xcode writes it when the development language has
    /// none: the length modifier and conversion of the first specifier in the variable's
    /// `other` text (else any category's, in CLDR order), `d` for `%d`, `lld` for `%lld`.
    static func valueType(of variable: [String: PropertyListValue]) -> PropertyListValue? {
        let categories = [PluralCategory.other] + PluralCategory.allCases.filter { $0 != .other }
        for category in categories {
            guard let text = variable[category.rawValue]?.string else { continue }
            for token in FormatToken.tokens(in: text) {
                if case .specifier(let specifier) = token {
                    return .string((specifier.length?.rawValue ?? "") + String(specifier.conversion.rawValue))
                }
            }
        }
        return nil
    }

    /// The first `%#@variable@` a format or plural variant of `entry` (or of its width
    /// and device variants, each at its own level) names that the entry does not define
    /// as a rule dictionary: `String(format:)` on Apple platforms has no rule for it.
    static func undefinedVariable(in entry: [String: PropertyListValue]) -> String? {
        var texts: [String] = []
        if let format = entry[formatKey]?.string { texts.append(format) }
        for (name, value) in entry where name != formatKey {
            guard let dictionary = value.dictionary else { continue }
            if UnitAddress.StringsDictStep.Rule(rawValue: name) != nil {
                for variant in dictionary.values {
                    if let inner = variant.dictionary, let problem = undefinedVariable(in: inner) { return problem }
                }
            } else {
                texts += PluralCategory.allCases.compactMap { dictionary[$0.rawValue]?.string }
            }
        }
        for text in texts {
            for token in FormatToken.tokens(in: text) {
                if case .substitution(let substitution) = token, entry[substitution.name]?.dictionary == nil
                    || UnitAddress.StringsDictStep.Rule(rawValue: substitution.name) != nil {
                    return "\"\(text)\" names the variable \(substitution.name), which the entry does not define"
                }
            }
        }
        return nil
    }

    /// Whether `format` holds only specifiers and substitutions (and spaces).
    static func isOnlySpecifiers(_ format: String) -> Bool {
        FormatToken.tokens(in: format).allSatisfy { token in
            if case .literal(let text) = token { return text.allSatisfy(\.isWhitespace) }
            return true
        }
    }
}
