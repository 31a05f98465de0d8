import Foundation
import LabelCore

extension StringsDictMerge {
    /// Sets each width/device leaf of `update` in `entry`, building the rules' dictionaries
    /// as Apple documents them (`KEY → NSStringVariableWidthRuleType → 20 → text`,
    /// `KEY → NSStringDeviceSpecificRuleType → iphone → text or a plural rule`). Other
    /// variants of a rule the entry already has are kept. A plural rule under a device gets
    /// `NSStringFormatSpecTypeKey` and `NSStringFormatValueTypeKey` as a top-level one does,
    /// from the development language's rule at the same place; formats are set first, so a
    /// plural rule without a translated format takes the development language's only when
    /// it is nothing but specifiers, else the output is refused.
    static func routed(_ update: Update, entry: [String: PropertyListValue],
                       development: [String: PropertyListValue]?) throws(ImportRefusal) -> [String: PropertyListValue] {
        var node = PropertyListValue.dictionary(entry)
        let formatsFirst = update.routed.filter { $0.leaf == .format } + update.routed.filter { $0.leaf != .format }
        for leaf in formatsFirst {
            node = try setting(leaf, in: node, route: leaf.route[...], development: development.map(PropertyListValue.dictionary), key: update.key)
        }
        return node.dictionary ?? entry
    }

    private static func setting(_ leaf: Routed, in node: PropertyListValue?, route: ArraySlice<UnitAddress.StringsDictStep>,
                                development: PropertyListValue?, key: String) throws(ImportRefusal) -> PropertyListValue {
        var dictionary = node?.dictionary ?? [:]
        if let step = route.first {
            var variants = dictionary[step.rule.rawValue]?.dictionary ?? [:]
            let developmentVariant = development?.dictionary?[step.rule.rawValue]?.dictionary?[step.name]
            variants[step.name] = try setting(leaf, in: variants[step.name], route: route.dropFirst(), development: developmentVariant, key: key)
            dictionary[step.rule.rawValue] = .dictionary(variants)
            return .dictionary(dictionary)
        }
        switch leaf.leaf {
        case .text:
            return .string(leaf.text)
        case .format:
            dictionary[formatKey] = .string(leaf.text)
        case .variant(let name, let category):
            var variable = dictionary[name]?.dictionary ?? [:]
            if variable[specTypeKey] == nil { variable[specTypeKey] = .string(pluralRuleType) }
            variable[category.rawValue] = .string(leaf.text)
            if variable[valueTypeKey] == nil, let type = development?.dictionary?[name]?.dictionary?[valueTypeKey] ?? valueType(of: variable) {
                variable[valueTypeKey] = type
            }
            dictionary[name] = .dictionary(variable)
            if dictionary[formatKey] == nil {
                guard let format = development?.dictionary?[formatKey]?.string, isOnlySpecifiers(format) else {
                    let place = leaf.route.map { "\($0.rule.rawValue) \($0.name)" }.joined(separator: ", ")
                    throw ImportRefusal(.noFormatKey(key: key, place: place))
                }
                dictionary[formatKey] = .string(format)
            }
        }
        return .dictionary(dictionary)
    }

    /// The plural variables of an entry, also those under its width and device rules.
    static func pluralVariables(in entry: [String: PropertyListValue]) -> [[String: PropertyListValue]] {
        var variables: [[String: PropertyListValue]] = []
        for (name, value) in entry where name != formatKey {
            guard let dictionary = value.dictionary else { continue }
            if UnitAddress.StringsDictStep.Rule(rawValue: name) != nil {
                for variant in dictionary.values { if let inner = variant.dictionary { variables += pluralVariables(in: inner) } }
            } else {
                variables.append(dictionary)
            }
        }
        return variables
    }
}
