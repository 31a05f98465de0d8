import Foundation

extension StringCatalogParser {
    /// What a localization or variant resolves to once a device is chosen.
    enum Resolved {
        case text(String)
        case plural([PluralCategory: String])
    }

    /// Turns decoded localizations into `LocalizedString`s, collecting warnings
    /// by key path so that positions are looked up only when there is something
    /// to report.
    struct CatalogReader {
        private(set) var states: [String: [String: String]] = [:]
        private var pending: [(path: [String], message: String)] = []
        /// Context of the localization being read, for warning messages.
        private var current = ""

        /// The value of one key in one language, or `nil` when it has to be skipped.
        mutating func localizedString(_ localization: Localization, key: String, language: String,
                                      path: [String]) -> LocalizedString? {
            current = "\"\(key)\" (\(language))"
            var state: String?
            let template: String
            var variables: [String: PluralVariable] = [:]
            if let variations = localization.variations {
                switch resolve(variations, path: path + ["variations"], state: &state) {
                case .text(let text):
                    template = text
                case .plural(let variants):
                    template = "%#@\(StringCatalogParser.pluralVariableName)@"
                    variables[StringCatalogParser.pluralVariableName] = pluralVariable(variants)
                case nil:
                    return nil
                }
            } else if let unit = localization.stringUnit {
                guard let value = unit.value else {
                    warn(path + ["stringUnit"], "stringUnit has no value; skipped")
                    return nil
                }
                note(unit.state, in: &state)
                template = value
            } else {
                warn(path, "neither a stringUnit nor variations; skipped")
                return nil
            }
            for name in (localization.substitutions ?? [:]).keys.sorted() {
                let substitutionPath = path + ["substitutions", name]
                if let variable = substitution(localization.substitutions![name]!, name: name, path: substitutionPath,
                                               state: &state) {
                    variables[name] = variable
                }
            }
            checkReferences(template: template, variables: variables, path: path)
            if let state { states[language, default: [:]][key] = state }
            return LocalizedString(template: template, variables: variables)
        }

        /// Top-level plural variations: the count is the first numeric argument
        /// of the `other` text (or of the first category that has one).
        private func pluralVariable(_ variants: [PluralCategory: String]) -> PluralVariable {
            let texts = ([variants[.other]] + PluralCategory.allCases.map { variants[$0] }).compactMap { $0 }
            let specifier = texts.lazy.compactMap { PluralReferenceScanner.firstNumericSpecifier(in: $0) }.first
            let argument = specifier.flatMap { $0.argument == 1 ? nil : $0.argument }
            return PluralVariable(valueType: specifier?.valueType, argumentNumber: argument, variants: variants)
        }

        private mutating func substitution(_ substitution: Substitution, name: String, path: [String],
                                           state: inout String?) -> PluralVariable? {
            var specifier = substitution.formatSpecifier ?? ""
            if specifier.hasPrefix("%") { specifier.removeFirst() }
            if specifier.isEmpty {
                warn(path, "substitution \"\(name)\" has no formatSpecifier; lld assumed")
                specifier = "lld"
            }
            guard let variations = substitution.variations else {
                warn(path, "substitution \"\(name)\" has no variations; ignored")
                return nil
            }
            let variants: [PluralCategory: String]
            switch resolve(variations, path: path + ["variations"], state: &state) {
            case .plural(let plural): variants = plural
            case .text(let text): variants = [.other: text] // device variants only: one text for every count
            case nil: return nil
            }
            return PluralVariable(
                valueType: specifier,
                argumentNumber: substitution.argNum,
                variants: variants.mapValues { PluralReferenceScanner.replacingArgToken(in: $0, with: specifier) }
            )
        }

        private mutating func resolve(_ variations: Variations, path: [String], state: inout String?) -> Resolved? {
            if let devices = variations.device {
                guard let device = StringsDictParser.preferredDevice(Array(devices.keys)) else {
                    warn(path + ["device"], "device variations are empty; skipped")
                    return nil
                }
                return resolve(devices[device]!, path: path + ["device", device], state: &state)
            }
            if let plural = variations.plural {
                var variants: [PluralCategory: String] = [:]
                for name in plural.keys.sorted() {
                    let variantPath = path + ["plural", name]
                    guard let category = PluralCategory(rawValue: name) else {
                        warn(variantPath, "\"\(name)\" is not a plural category; ignored")
                        continue
                    }
                    switch resolve(plural[name]!, path: variantPath, state: &state) {
                    case .text(let text): variants[category] = text
                    case .plural: warn(variantPath, "plural variations inside a plural variant are not supported; ignored")
                    case nil: break
                    }
                }
                guard !variants.isEmpty else {
                    warn(path + ["plural"], "no usable plural variant; skipped")
                    return nil
                }
                if variants[.other] == nil {
                    warn(path + ["plural"], "plural variations have no \"other\" variant")
                }
                return .plural(variants)
            }
            warn(path, "no plural or device variations; skipped")
            return nil
        }

        private mutating func resolve(_ variant: Localization, path: [String], state: inout String?) -> Resolved? {
            if let variations = variant.variations {
                return resolve(variations, path: path + ["variations"], state: &state)
            }
            guard let unit = variant.stringUnit, let value = unit.value else {
                warn(path, "variant has no stringUnit value; ignored")
                return nil
            }
            note(unit.state, in: &state)
            return .text(value)
        }

        /// Keeps the first state that is not `translated`.
        private func note(_ unitState: String?, in state: inout String?) {
            if state == nil, let unitState, unitState != "translated" { state = unitState }
        }

        private mutating func checkReferences(template: String, variables: [String: PluralVariable], path: [String]) {
            let problems = PluralReferenceScanner.referenceProblems(template: template, variables: variables)
            for name in problems.undefined {
                warn(path, "%#@\(name)@ refers to a substitution the localization does not define; it will print literally")
            }
            for name in problems.unused {
                warn(path + ["substitutions", name], "substitution \"\(name)\" is defined but never used")
            }
        }

        private mutating func warn(_ path: [String], _ message: String) {
            pending.append((path, "\(current): \(message)"))
        }

        /// The collected warnings, located at the deepest key of their path, in file order.
        func warnings(in data: Data, file: String) -> [ParseWarning] {
            guard !pending.isEmpty else { return [] }
            let offsets = JSONKeyLocator.keyOffsets(in: data)
            let lines = UTF8LineIndex(data)
            let located = pending.enumerated().map { order, warning in
                let location = StringCatalogParser.locate(warning.path, in: data, file: file, offsets: offsets, lines: lines)
                return (order, ParseWarning(location: location, message: warning.message))
            }
            return located.sorted {
                ($0.1.location.line, $0.1.location.column, $0.0) < ($1.1.location.line, $1.1.location.column, $1.0)
            }
            .map(\.1)
        }
    }
}
