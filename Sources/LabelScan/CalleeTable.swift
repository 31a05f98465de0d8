/// The callees recognised without configuration, and the app's own wrappers.
package struct CalleeTable: Sendable {
    /// A `--function NAME[:LABEL]` wrapper.
    package struct Wrapper: Sendable, Hashable {
        package var name: String
        /// The labelled argument holding the key; nil for the first argument.
        package var label: String?

        package init(name: String, label: String?) {
            self.name = name
            self.label = label
        }

        /// Parses `NAME`, `NAME:LABEL` or `NAME(_:)`; nil when NAME is not an identifier.
        package init?(_ text: String) {
            var name = Substring(text)
            var label: Substring?
            if let open = name.firstIndex(of: "("), name.hasSuffix(")") {
                name = name[..<open]
            } else if let colon = name.firstIndex(of: ":") {
                label = name[name.index(after: colon)...]
                name = name[..<colon]
            }
            guard Self.isIdentifier(name), label.map({ $0 == "_" || Self.isIdentifier($0) }) ?? true else { return nil }
            self.name = String(name)
            self.label = label == "_" ? nil : label.map(String.init)
        }

        static func isIdentifier(_ text: Substring) -> Bool {
            guard let first = text.utf8.first, SourceLexer.isIdentifierStart(first), first != UInt8(ascii: "$") else { return false }
            return text.utf8.allSatisfy(SourceLexer.isIdentifierByte)
        }
    }

    /// Rules by callee name, for Swift and for Objective-C.
    var swift: [String: [CalleeRule]]
    let objectiveC: [String: [CalleeRule]]
    /// Names usable as `"key".name`.
    let literalMembers: Set<String>

    package init(wrappers: [Wrapper] = []) {
        var swift = Dictionary(grouping: Self.swiftRules, by: \.name)
        var objectiveC = Dictionary(grouping: Self.objectiveCRules, by: \.name)
        for wrapper in wrappers {
            let key: CalleeRule.Argument = wrapper.label.map { .label($0) } ?? .first
            swift[wrapper.name, default: []].append(CalleeRule(wrapper.name, .wrapper, key: key, table: .label("tableName"),
                                                                comment: .label("comment"), dynamic: true))
            objectiveC[wrapper.name, default: []].append(CalleeRule(wrapper.name, .wrapper, key: .position(0), dynamic: true))
        }
        self.swift = swift
        self.objectiveC = objectiveC
        literalMembers = Set(wrappers.filter { $0.label == nil }.map(\.name))
    }

    /// With the callees an app declares (parameters typed `LocalizedStringKey`…): a
    /// literal passed to one is a key; anything else is no site.
    package func adding(_ declared: [Wrapper]) -> CalleeTable {
        var table = self
        for wrapper in Set(declared) {
            let key: CalleeRule.Argument = wrapper.label.map { .label($0) } ?? .first
            if table.swift[wrapper.name]?.contains(where: { $0.key == key }) == true { continue }
            table.swift[wrapper.name, default: []].append(CalleeRule(wrapper.name, .wrapper, key: key, dynamic: false))
        }
        return table
    }

    /// SwiftUI initializers whose first argument is a `LocalizedStringKey`.
    static let views = ["Text", "Button", "Label", "Toggle", "Section", "Picker", "TextField", "SecureField", "Link",
                        "Menu", "NavigationLink", "LabeledContent", "Stepper", "Slider", "DatePicker", "ProgressView",
                        "GroupBox", "ControlGroup", "Tab", "ContentUnavailableView", "ColorPicker"]
    /// SwiftUI modifiers whose first argument is a `LocalizedStringKey`.
    static let modifiers = ["accessibilityLabel", "accessibilityHint", "accessibilityValue", "navigationTitle",
                            "navigationBarTitle", "help", "alert", "confirmationDialog"]
    /// Declared types whose literal initial value is a key (`: LocalizedStringResource = "…"`).
    static let keyTypes: Set<String> = ["LocalizedStringResource", "LocalizedStringKey", "IntentDescription",
                                        "LocalizationValue", "IntentDialog", "DisplayRepresentation",
                                        "TypeDisplayRepresentation"]

    static let swiftRules: [CalleeRule] = {
        var rules = [
            CalleeRule("NSLocalizedString", .call, key: .first, table: .label("tableName"), comment: .label("comment"),
                       value: .label("value"), dynamic: true),
            CalleeRule("String", .call, key: .label("localized"), table: .label("table"), comment: .label("comment"),
                       value: .label("defaultValue"), dynamic: true),
            CalleeRule("LocalizedStringResource", .call, key: .first, table: .label("table"), comment: .label("comment"),
                       value: .label("defaultValue"), dynamic: true),
            CalleeRule("LocalizedStringKey", .call, key: .first, dynamic: true),
            CalleeRule("localizedString", .member, key: .label("forKey"), table: .label("table"), value: .label("value"), dynamic: true),
            CalleeRule("IntentDescription", .call, key: .first, table: .label("table"), dynamic: false),
            CalleeRule("IntentDialog", .call, key: .first, dynamic: false),
            CalleeRule("result", .member, key: .label("dialog"), dynamic: false),
            CalleeRule("accessibilityInputLabels", .member, key: .first, dynamic: false, array: true),
            CalleeRule("accessibilityAction", .member, key: .label("named"), dynamic: false),
            CalleeRule("searchable", .member, key: .label("prompt"), dynamic: false),
            CalleeRule("Parameter", .attribute, key: .label("title"), dynamic: false),
            CalleeRule("Parameter", .attribute, key: .label("description"), dynamic: false),
            CalleeRule("AppShortcut", .call, key: .label("phrases"), dynamic: false, defaultTable: "AppShortcuts", array: true,
                       placeholders: true),
            CalleeRule("Summary", .call, key: .first, dynamic: false, placeholders: true),
            CalleeRule("AppShortcut", .call, key: .label("shortTitle"), dynamic: false),
            CalleeRule("DisplayRepresentation", .call, key: .label("title"), table: .label("table"), dynamic: false),
            CalleeRule("DisplayRepresentation", .call, key: .label("subtitle"), table: .label("table"), dynamic: false),
            CalleeRule("TypeDisplayRepresentation", .call, key: .label("name"), table: .label("table"), dynamic: false),
        ]
        rules += views.map { CalleeRule($0, .call, key: .first, table: .label("tableName"), comment: .label("comment"), dynamic: false) }
        rules += modifiers.map { CalleeRule($0, .member, key: .first, dynamic: false) }
        return rules
    }()

    static let objectiveCRules: [CalleeRule] = [
        CalleeRule("NSLocalizedString", .call, key: .position(0), comment: .position(1), dynamic: true),
        CalleeRule("NSLocalizedStringFromTable", .call, key: .position(0), table: .position(1), comment: .position(2), dynamic: true),
        CalleeRule("NSLocalizedStringFromTableInBundle", .call, key: .position(0), table: .position(1), comment: .position(3),
                   dynamic: true),
        CalleeRule("NSLocalizedStringWithDefaultValue", .call, key: .position(0), table: .position(1), comment: .position(4),
                   value: .position(3), dynamic: true),
    ]
}
