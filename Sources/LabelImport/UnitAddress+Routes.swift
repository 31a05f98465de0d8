import Foundation
import LabelCore

extension UnitAddress {
    /// A `.stringsdict` id whose path goes through width or device rules (`body` is the id
    /// without its leading `/` and trailing `:dict/:string`), read from the end so that a
    /// key may itself contain `:dict/`: the leaf (a rule's variant, a format, or a plural
    /// variable's category), then `RULE:dict/NAME` steps, and what is left is the key.
    /// `nil` when it is no such path (a step without a name, nothing left for the key).
    static func routed(_ body: Substring) -> UnitAddress? {
        var parts = body.components(separatedBy: ":dict/")
        guard parts.count >= 3 else { return nil }
        var route: [StringsDictStep] = []
        let leaf: StringsDictLeaf
        let last = parts.removeLast()
        if let rule = StringsDictStep.Rule(rawValue: parts[parts.count - 1]) {
            parts.removeLast()
            route.append(StringsDictStep(rule: rule, name: last))
            leaf = .text
        } else if last == "NSStringLocalizedFormatKey" {
            leaf = .format
        } else if let category = PluralCategory(rawValue: last) {
            let variable = parts.removeLast()
            guard !variable.isEmpty, variable != "NSStringLocalizedFormatKey" else { return nil }
            leaf = .variant(variable: variable, category: category)
        } else {
            return nil
        }
        while parts.count >= 3, let rule = StringsDictStep.Rule(rawValue: parts[parts.count - 2]) {
            route.insert(StringsDictStep(rule: rule, name: parts.removeLast()), at: 0)
            parts.removeLast()
        }
        let key = parts.joined(separator: ":dict/")
        guard !key.isEmpty, !route.isEmpty, route.allSatisfy({ !$0.name.isEmpty && !$0.name.contains("/") }) else { return nil }
        return .stringsdictRouted(key: key, route: route, leaf: leaf)
    }
}
