/// Calls of recognised callees: their arguments, keys, tables and comments.
extension SiteScanner {
    /// One argument: its label (Swift) and the token range of its expression.
    struct Argument {
        var label: String?
        var range: Range<Int>
    }

    /// Module names that may qualify a callee (`SwiftUI.Text(…)`).
    static let modules: Set<String> = ["SwiftUI", "Foundation", "AppIntents", "UIKit"]

    /// Whether the token before `index` allows `form` (`.name(` for members, `@Name(` for attributes).
    func formMatches(_ form: CalleeRule.Form, at index: Int) -> Bool {
        let previous = token(index - 1)
        let isMember = previous.map { isPunctuation($0, ".") } ?? false
        let isAttribute = previous.map { isPunctuation($0, "@") } ?? false
        let isDeclaration = previous.map { isWord($0, "func") || isWord($0, "case") } ?? false
        switch form {
        case .member:
            return isMember
        case .attribute:
            return isAttribute
        case .wrapper:
            return !isAttribute && !isDeclaration
        case .call:
            if isMember {
                guard let qualifier = token(index - 2), qualifier.kind == .identifier,
                      !(token(index - 3).map { isPunctuation($0, ".") } ?? false) else { return false }
                return Self.modules.contains(text(qualifier))
            }
            return !isAttribute && !isDeclaration
        }
    }

    mutating func call(at index: Int, name: String) {
        guard let rules = (language == .swift ? callees.swift : callees.objectiveC)[name] else { return }
        var arguments: [Argument]?
        for rule in rules where formMatches(rule.form, at: index) {
            if arguments == nil { arguments = parseArguments(open: index + 1) }
            guard let arguments, let argument = select(rule.key, in: arguments) else { continue }
            let table = select(rule.table, in: arguments, default: rule.defaultTable)
            let comment = rule.comment.flatMap { select($0, in: arguments) }.flatMap(plainLiteral)
            // An empty `value:` is no value: Foundation answers the key then.
            let defaultValue = rule.value.flatMap { select($0, in: arguments) }.flatMap(plainLiteral).flatMap { $0.isEmpty ? nil : $0 }
            let ranges = rule.array ? elements(of: argument.range) : [argument.range]
            let stringTyped = language == .objectiveC || name == "NSLocalizedString" || name == "localizedString"
            for range in ranges where !range.isEmpty {
                let literals = literal(in: range).map { [(range.lowerBound, $0)] } ?? branches(in: range)
                if literals.isEmpty {
                    if rule.dynamic { add(at: tokens[range.lowerBound], callee: rule.display, table: table, literal: nil, comment: comment) }
                    continue
                }
                for (start, literal) in literals {
                    let value = rule.placeholders ? Self.shortcutPhrase(literal) : literal
                    add(at: tokens[start], callee: rule.display, table: table,
                        literal: stringTyped && value.isInterpolated ? nil : value, comment: comment, defaultValue: defaultValue)
                }
            }
        }
    }

    /// `condition ? "a" : "b"`: both literals, each a key (nothing when a branch is not a
    /// literal). Only the range's own tokens are visited (nested groups jumped over).
    func branches(in range: Range<Int>) -> [(Int, SourceLiteral)] {
        var question: Int?
        var colon: Int?
        var index = range.lowerBound
        walk: while index < range.upperBound {
            let token = tokens[index]
            if token.kind == .punctuation {
                switch token.byte {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    guard let closer = closer(of: index), closer < range.upperBound else { break walk }
                    index = closer
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): break walk
                case UInt8(ascii: "?") where colon == nil: question = index
                case UInt8(ascii: ":") where question != nil && colon == nil: colon = index
                default: break
                }
            }
            index += 1
        }
        guard let question, let colon, question > range.lowerBound,
              let first = literal(in: (question + 1)..<colon), let second = literal(in: (colon + 1)..<range.upperBound) else { return [] }
        return [(question + 1, first), (colon + 1, second)]
    }

    func select(_ selector: CalleeRule.Argument, in arguments: [Argument]) -> Argument? {
        switch selector {
        case .first:
            return arguments.first.flatMap { $0.label == nil ? $0 : nil }
        case .label(let label):
            return arguments.first { $0.label == label }
        case .position(let position):
            return position < arguments.count ? arguments[position] : nil
        }
    }

    /// The table an argument names: its literal, the default when absent or `nil` (as
    /// Foundation reads a nil table), nil when computed.
    func select(_ selector: CalleeRule.Argument?, in arguments: [Argument], default table: String) -> String? {
        guard let selector, let argument = select(selector, in: arguments), !isNil(argument.range) else { return table }
        return plainLiteral(argument)
    }

    /// Whether the tokens are just `nil` (Swift, Objective-C), `Nil` or `NULL`.
    func isNil(_ range: Range<Int>) -> Bool {
        guard range.count == 1, let token = token(range.lowerBound) else { return false }
        return isWord(token, "nil") || isWord(token, "Nil") || isWord(token, "NULL")
    }

    func plainLiteral(_ argument: Argument) -> String? {
        guard let literal = literal(in: argument.range), !literal.isInterpolated else { return nil }
        return literal.firstSegment
    }

    /// The arguments between the `(` at `open` and its `)`: nested groups are jumped
    /// over, so the walk visits only this list's own tokens. A group never closed leaves
    /// the rest of the file nested, and the arguments before it are the list (as a scan to
    /// the end finds: no `,` or `)` of this list follows).
    func parseArguments(open: Int) -> [Argument] {
        var arguments: [Argument] = []
        var start = open + 1
        var index = open + 1
        func finish(_ end: Int) -> Argument {
            var label: String?
            var range = start..<end
            if language == .swift, end - start >= 2, tokens[start].kind == .identifier, isPunctuation(tokens[start + 1], ":") {
                label = text(tokens[start])
                range = (start + 2)..<end
            }
            return Argument(label: label, range: range)
        }
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .punctuation {
                switch token.byte {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    guard let closer = closer(of: index) else { return arguments }
                    index = closer
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if index > start || !arguments.isEmpty { arguments.append(finish(index)) }
                    return arguments
                case UInt8(ascii: ","):
                    arguments.append(finish(index))
                    start = index + 1
                default:
                    break
                }
            }
            index += 1
        }
        return arguments
    }

    /// The elements of an array literal `[a, b]` spanning `range` (nested groups jumped over).
    func elements(of range: Range<Int>) -> [Range<Int>] {
        guard range.count >= 2, isPunctuation(tokens[range.lowerBound], "["),
              isPunctuation(tokens[range.upperBound - 1], "]") else { return [] }
        var result: [Range<Int>] = []
        var start = range.lowerBound + 1
        var index = range.lowerBound + 1
        // Past an unclosed group or a stray closer, no `,` separates elements any more.
        walk: while index < range.upperBound - 1 {
            let token = tokens[index]
            if token.kind == .punctuation {
                switch token.byte {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    guard let closer = closer(of: index), closer < range.upperBound - 1 else { break walk }
                    index = closer
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    break walk
                case UInt8(ascii: ","):
                    result.append(start..<index)
                    start = index + 1
                default: break
                }
            }
            index += 1
        }
        if start < range.upperBound - 1 { result.append(start..<(range.upperBound - 1)) }
        return result
    }

    /// The literal an expression is: one literal, or literals joined by `+` (Swift) or
    /// written side by side (Objective-C); nil for anything else.
    func literal(in range: Range<Int>) -> SourceLiteral? {
        guard !range.isEmpty, tokens[range.lowerBound].kind == .string else { return nil }
        let first = literals[Int(tokens[range.lowerBound].payload)]
        // Built in place: joining value by value would copy the text so far each time.
        var segments = first.segments
        var interpolations = first.interpolations
        var index = range.lowerBound + 1
        while index < range.upperBound {
            if language == .swift {
                guard tokens[index].kind == .operator, tokens[index].byte == 1, index + 1 < range.upperBound,
                      tokens[index + 1].kind == .string else { return nil }
                index += 1
            } else if tokens[index].kind != .string {
                return nil
            }
            let next = literals[Int(tokens[index].payload)]
            segments[segments.count - 1] += next.firstSegment
            segments += next.segments.dropFirst()
            interpolations += next.interpolations
            index += 1
        }
        return SourceLiteral(segments: segments, interpolations: interpolations)
    }

    /// An App Shortcut phrase as its catalog spells it: `\(.applicationName)` is
    /// `${applicationName}`, `\(\.$parameter)` is `${parameter}`.
    static func shortcutPhrase(_ literal: SourceLiteral) -> SourceLiteral {
        var text = literal.firstSegment
        for (index, source) in literal.interpolations.enumerated() {
            let name = source.filter { $0 != "." && $0 != "\\" && $0 != "$" && $0 != " " }
            text += "${\(name)}" + literal.segments[index + 1]
        }
        return SourceLiteral(text: text)
    }
}
