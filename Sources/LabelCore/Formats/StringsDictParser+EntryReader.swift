import Foundation

extension StringsDictParser {
    /// Interprets decoded plist values entry by entry, collecting warnings by key
    /// path so that positions are looked up only when there is something to report.
    struct EntryReader {
        private var pending: [(path: [String], message: String)] = []

        /// The entry at `path` (`[key]`, or deeper for width and device variants),
        /// or `nil` when it has to be skipped.
        mutating func entry(_ value: PropertyListValue, path: [String]) -> LocalizedString? {
            if let text = value.string {
                return LocalizedString(template: text)
            }
            guard let dictionary = value.dictionary else {
                warn(path, "value is \(value.typeName), not a string or dictionary; entry skipped")
                return nil
            }
            if let widths = dictionary[StringsDictParser.widthRuleType] {
                return widestVariant(widths, path: path + [StringsDictParser.widthRuleType])
            }
            if let devices = dictionary[StringsDictParser.deviceRuleType] {
                return deviceVariant(devices, path: path + [StringsDictParser.deviceRuleType])
            }
            guard let formatValue = dictionary[StringsDictParser.formatKey] else {
                warn(path, "no \(StringsDictParser.formatKey); entry skipped")
                return nil
            }
            guard let format = formatValue.string else {
                warn(path + [StringsDictParser.formatKey], "\(StringsDictParser.formatKey) is \(formatValue.typeName), not a string; entry skipped")
                return nil
            }
            var variables: [String: PluralVariable] = [:]
            for name in dictionary.keys.sorted() where name != StringsDictParser.formatKey {
                guard let rule = dictionary[name]!.dictionary else {
                    warn(path + [name], "\"\(name)\" is \(dictionary[name]!.typeName), not a variable dictionary; ignored")
                    continue
                }
                let ruleType = rule[StringsDictParser.specTypeKey]?.string
                guard ruleType == StringsDictParser.pluralRuleType else {
                    let found = ruleType.map { "rule type \($0)" } ?? "no \(StringsDictParser.specTypeKey)"
                    warn(path + [name], "variable \"\(name)\" has \(found); only \(StringsDictParser.pluralRuleType) is supported; entry skipped")
                    return nil
                }
                variables[name] = pluralVariable(name, rule, path: path + [name])
            }
            checkReferences(format: format, variables: variables, path: path)
            return LocalizedString(template: format, variables: variables)
        }

        private mutating func pluralVariable(_ name: String, _ rule: [String: PropertyListValue], path: [String]) -> PluralVariable {
            var valueType: String?
            if let type = rule[StringsDictParser.valueTypeKey]?.string {
                // Mastodon's Intents file writes `%ld`; the type is what follows `%`.
                let trimmed = type.hasPrefix("%") ? String(type.dropFirst()) : type
                valueType = trimmed.isEmpty ? nil : trimmed
            }
            var variants: [PluralCategory: String] = [:]
            for key in rule.keys.sorted() where key != StringsDictParser.specTypeKey && key != StringsDictParser.valueTypeKey {
                guard let category = PluralCategory(rawValue: key) else {
                    warn(path + [key], "\"\(key)\" in variable \"\(name)\" is not a plural category; ignored")
                    continue
                }
                guard let text = rule[key]!.string else {
                    warn(path + [key], "category \(key) of \"\(name)\" is not a string; ignored")
                    continue
                }
                variants[category] = text
            }
            if variants[.other] == nil {
                warn(path, "variable \"\(name)\" has no \"other\" text")
            }
            return PluralVariable(valueType: valueType, argumentNumber: nil, variants: variants)
        }

        /// Warns about `%#@name@` without a definition (IceCubes refers to
        /// `count_posts` where only `count_votes` exists) and definitions nothing uses.
        private mutating func checkReferences(format: String, variables: [String: PluralVariable], path: [String]) {
            let problems = PluralReferenceScanner.referenceProblems(template: format, variables: variables)
            for name in problems.undefined {
                warn(path, "%#@\(name)@ refers to a variable the entry does not define; it will print literally")
            }
            for name in problems.unused {
                warn(path + [name], "variable \"\(name)\" is defined but never used")
            }
        }

        /// `NSStringVariableWidthRuleType`: variants keyed by width in em units.
        private mutating func widestVariant(_ value: PropertyListValue, path: [String]) -> LocalizedString? {
            guard let widths = value.dictionary else {
                warn(path, "\(StringsDictParser.widthRuleType) is not a dictionary; entry skipped")
                return nil
            }
            var widest: (width: Int, key: String)?
            for key in widths.keys.sorted() {
                guard let width = Int(key.trimmingCharacters(in: .whitespaces)) else {
                    warn(path + [key], "width \"\(key)\" is not a number; ignored")
                    continue
                }
                if widest == nil || width > widest!.width { widest = (width, key) }
            }
            guard let widest else {
                warn(path, "\(StringsDictParser.widthRuleType) has no numeric widths; entry skipped")
                return nil
            }
            return entry(widths[widest.key]!, path: path + [widest.key])
        }

        /// `NSStringDeviceSpecificRuleType`: variants keyed by device name.
        private mutating func deviceVariant(_ value: PropertyListValue, path: [String]) -> LocalizedString? {
            guard let devices = value.dictionary, let device = StringsDictParser.preferredDevice(Array(devices.keys)) else {
                warn(path, "\(StringsDictParser.deviceRuleType) is not a non-empty dictionary; entry skipped")
                return nil
            }
            return entry(devices[device]!, path: path + [device])
        }

        private mutating func warn(_ path: [String], _ message: String) {
            pending.append((path, message))
        }

        /// The collected warnings, located at the deepest key of their path found in `data`.
        func warnings(in data: Data, file: String) -> [ParseWarning] {
            guard !pending.isEmpty else { return [] }
            let offsets = PlistKeyLocator.keyOffsets(in: data)
            let lines = UTF8LineIndex(data)
            let located = pending.enumerated().map { order, warning in
                var path = warning.path
                while !path.isEmpty, offsets[path] == nil { path.removeLast() }
                let location = path.isEmpty
                    ? SourceLocation(file: file, line: 1, column: 1)
                    : lines.location(ofByte: offsets[path]!, file: file)
                return (order, ParseWarning(location: location, message: "\"\(warning.path[0])\": \(warning.message)"))
            }
            // File order; ties keep the order they were found in.
            return located.sorted {
                ($0.1.location.line, $0.1.location.column, $0.0) < ($1.1.location.line, $1.1.location.column, $1.0)
            }
            .map(\.1)
        }
    }

    /// The device variant a phone client gets: `iphone`, else `other`, else the
    /// first in sorted order. Shared with String Catalog device variations.
    static func preferredDevice(_ devices: [String]) -> String? {
        if devices.contains("iphone") { return "iphone" }
        if devices.contains("other") { return "other" }
        return devices.min()
    }
}
