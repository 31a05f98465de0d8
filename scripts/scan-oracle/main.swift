// The differential oracle for `label-server scan`: the same recognised callees found
// with swift-syntax's parser instead of the scan's lexer. Built by scripts/scan-oracle.sh
// against the toolchain's host libraries; the product never depends on it.
//
// usage: scan-oracle FILE... > sites.jsonl (one JSON object per site, Swift files only)
import Foundation
import SwiftParser
import SwiftSyntax

struct Rule {
    enum Form { case call, member, attribute }
    enum Key { case first, label(String) }
    var form: Form
    var key: Key
    var table: String?
    var dynamic: Bool
    var array = false
    var placeholders = false
    var defaultTable = "Localizable"
}

let views = ["Text", "Button", "Label", "Toggle", "Section", "Picker", "TextField", "SecureField", "Link", "Menu",
             "NavigationLink", "LabeledContent", "Stepper", "Slider", "DatePicker", "ProgressView", "GroupBox",
             "ControlGroup", "Tab", "ContentUnavailableView", "ColorPicker"]
let modifiers = ["accessibilityLabel", "accessibilityHint", "accessibilityValue", "navigationTitle", "navigationBarTitle",
                 "help", "alert", "confirmationDialog"]
var rules: [String: [Rule]] = [
    "NSLocalizedString": [Rule(form: .call, key: .first, table: "tableName", dynamic: true)],
    "String": [Rule(form: .call, key: .label("localized"), table: "table", dynamic: true)],
    "LocalizedStringResource": [Rule(form: .call, key: .first, table: "table", dynamic: true)],
    "LocalizedStringKey": [Rule(form: .call, key: .first, table: nil, dynamic: true)],
    "localizedString": [Rule(form: .member, key: .label("forKey"), table: "table", dynamic: true)],
    "IntentDescription": [Rule(form: .call, key: .first, table: "table", dynamic: false)],
    "IntentDialog": [Rule(form: .call, key: .first, table: nil, dynamic: false)],
    "result": [Rule(form: .member, key: .label("dialog"), table: nil, dynamic: false)],
    "accessibilityInputLabels": [Rule(form: .member, key: .first, table: nil, dynamic: false, array: true)],
    "accessibilityAction": [Rule(form: .member, key: .label("named"), table: nil, dynamic: false)],
    "searchable": [Rule(form: .member, key: .label("prompt"), table: nil, dynamic: false)],
    "Parameter": [Rule(form: .attribute, key: .label("title"), table: nil, dynamic: false),
                  Rule(form: .attribute, key: .label("description"), table: nil, dynamic: false)],
    "AppShortcut": [Rule(form: .call, key: .label("phrases"), table: nil, dynamic: false, array: true, placeholders: true,
                         defaultTable: "AppShortcuts"),
                    Rule(form: .call, key: .label("shortTitle"), table: nil, dynamic: false)],
    "Summary": [Rule(form: .call, key: .first, table: nil, dynamic: false, placeholders: true)],
    "DisplayRepresentation": [Rule(form: .call, key: .label("title"), table: "table", dynamic: false),
                              Rule(form: .call, key: .label("subtitle"), table: "table", dynamic: false)],
    "TypeDisplayRepresentation": [Rule(form: .call, key: .label("name"), table: "table", dynamic: false)],
]
for view in views { rules[view] = [Rule(form: .call, key: .first, table: "tableName", dynamic: false)] }
for modifier in modifiers { rules[modifier] = [Rule(form: .member, key: .first, table: nil, dynamic: false)] }
let modules: Set<String> = ["SwiftUI", "Foundation", "AppIntents", "UIKit"]

struct Literal {
    var segments: [String]
    var interpolations: [String]
    var key: String { zip(segments, interpolations.map { _ in "%@" } + [""]).map { $0 + $1 }.joined() }
}

/// A literal's value: swift-syntax decodes each text segment (`representedLiteralValue`
/// of a literal holding only that segment).
func literal(_ node: StringLiteralExprSyntax) -> Literal? {
    var segments = [""]
    var interpolations: [String] = []
    for segment in node.segments {
        switch segment {
        case .stringSegment(let text):
            let single = StringLiteralExprSyntax(openingPounds: node.openingPounds, openingQuote: node.openingQuote,
                                                 segments: StringLiteralSegmentListSyntax([.stringSegment(text)]),
                                                 closingQuote: node.closingQuote, closingPounds: node.closingPounds)
            guard let value = single.representedLiteralValue else { return nil }
            segments[segments.count - 1] += value
        case .expressionSegment(let expression):
            interpolations.append(expression.expressions.description)
            segments.append("")
        @unknown default:
            return nil
        }
    }
    return Literal(segments: segments, interpolations: interpolations)
}

/// One literal, or literals joined with `+`.
func literal(of expression: ExprSyntax) -> Literal? {
    if let string = expression.as(StringLiteralExprSyntax.self) { return literal(string) }
    guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
    var result: Literal?
    for (index, element) in sequence.elements.enumerated() {
        if index % 2 == 1 {
            guard element.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else { return nil }
            continue
        }
        guard let string = element.as(StringLiteralExprSyntax.self), let value = literal(string) else { return nil }
        if var joined = result {
            joined.segments[joined.segments.count - 1] += value.segments[0]
            joined.segments += value.segments.dropFirst()
            joined.interpolations += value.interpolations
            result = joined
        } else {
            result = value
        }
    }
    return result
}

/// `c ? "a" : "b"`: both literals.
func branches(of expression: ExprSyntax) -> [(ExprSyntax, Literal)] {
    guard let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count >= 3 else { return [] }
    let elements = Array(sequence.elements)
    let last = elements.count - 1
    guard elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }) == last - 1,
          let ternary = elements[last - 1].as(UnresolvedTernaryExprSyntax.self), let first = literal(of: ternary.thenExpression),
          let second = literal(of: elements[last]) else { return [] }
    return [(ternary.thenExpression, first), (elements[last], second)]
}

func phrase(_ value: Literal) -> Literal {
    var text = value.segments[0]
    for (index, source) in value.interpolations.enumerated() {
        text += "${\(source.filter { $0 != "." && $0 != "\\" && $0 != "$" && $0 != " " })}" + value.segments[index + 1]
    }
    return Literal(segments: [text], interpolations: [])
}

final class Visitor: SyntaxVisitor {
    let file: String
    let converter: SourceLocationConverter
    var lines: [String] = []

    init(file: String, tree: SourceFileSyntax) {
        self.file = file
        converter = SourceLocationConverter(fileName: file, tree: tree)
        super.init(viewMode: .sourceAccurate)
    }

    func emit(_ node: some SyntaxProtocol, callee: String, table: String?, literal: Literal?) {
        let location = node.startLocation(converter: converter)
        var object: [String: Any] = ["file": file, "line": location.line, "column": location.column, "callee": callee,
                                     "table": table ?? NSNull()]
        if let literal {
            object["key"] = literal.key
            object["kind"] = literal.interpolations.isEmpty ? "literal" : "interpolated"
        } else {
            object["key"] = NSNull()
            object["kind"] = "dynamic"
        }
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        lines.append(String(decoding: data, as: UTF8.self))
    }

    func handle(name: String, form: Rule.Form, display: String, arguments: LabeledExprListSyntax) {
        for rule in rules[name] ?? [] where rule.form == form {
            let argument: LabeledExprSyntax?
            switch rule.key {
            case .first: argument = arguments.first.flatMap { $0.label == nil ? $0 : nil }
            case .label(let label): argument = arguments.first { $0.label?.text == label }
            }
            guard let argument else { continue }
            var table: String? = rule.defaultTable
            // A `nil` table is the default one, as Foundation reads it.
            if let label = rule.table, let tableArgument = arguments.first(where: { $0.label?.text == label }),
               !tableArgument.expression.is(NilLiteralExprSyntax.self) {
                table = literal(of: tableArgument.expression).flatMap { $0.interpolations.isEmpty ? $0.segments[0] : nil }
            }
            var expressions = [argument.expression]
            if rule.array {
                expressions = argument.expression.as(ArrayExprSyntax.self)?.elements.map(\.expression) ?? []
            }
            let stringTyped = name == "NSLocalizedString" || name == "localizedString"
            for expression in expressions {
                var found: [(ExprSyntax, Literal)] = literal(of: expression).map { [(expression, $0)] } ?? branches(of: expression)
                if found.isEmpty {
                    if rule.dynamic { emit(expression, callee: display, table: table, literal: nil) }
                    continue
                }
                if rule.placeholders { found = found.map { ($0.0, phrase($0.1)) } }
                for (node, value) in found {
                    emit(node, callee: display, table: table, literal: stringTyped && !value.interpolations.isEmpty ? nil : value)
                }
            }
        }
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.leftParen != nil else { return .visitChildren }
        if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            handle(name: name, form: .call, display: name, arguments: node.arguments)
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            handle(name: name, form: .member, display: "." + name, arguments: node.arguments)
            if let base = member.base?.as(DeclReferenceExprSyntax.self), modules.contains(base.baseName.text) {
                handle(name: name, form: .call, display: name, arguments: node.arguments)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.attributeName.as(IdentifierTypeSyntax.self)?.name.text,
           let arguments = node.arguments?.as(LabeledExprListSyntax.self) {
            handle(name: name, form: .attribute, display: "@" + name, arguments: arguments)
        }
        return .visitChildren
    }
}

var output = ""
for path in CommandLine.arguments.dropFirst() where path.hasSuffix(".swift") {
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { continue }
    let tree = Parser.parse(source: text)
    let visitor = Visitor(file: path, tree: tree)
    visitor.walk(tree)
    for line in visitor.lines { output += line + "\n" }
}
FileHandle.standardOutput.write(output.data(using: .utf8)!)
