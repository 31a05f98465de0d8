/// The forms that are not calls: `"key".localized`, declared key types, SwiftGen
/// accessors, and Objective-C's `localizedStringForKey:`.
extension SiteScanner {
    /// `"key".name` for a `--function name` wrapper.
    mutating func literalMember(at index: Int) {
        guard !callees.literalMembers.isEmpty, let dot = token(index + 1), isPunctuation(dot, "."),
              let member = token(index + 2), member.kind == .identifier,
              callees.literalMembers.contains(text(member)) else { return }
        // `.` binds tighter than `+`: in `a + "b".localized` the receiver is `"b"` alone, a
        // key. (`("a" + "b").localized` has no literal receiver, and is no site.)
        add(at: tokens[index], callee: text(member), table: "Localizable", literal: literals[Int(tokens[index].payload)],
            comment: nil)
    }

    /// `: LocalizedStringResource = "key"`, `-> LocalizedStringKey { … }`: a declaration
    /// whose declared type makes its literal a key (App Intents' `title`, a parameter
    /// default, a computed property's returned literals).
    mutating func typeAnnotation(at index: Int) {
        if let previous = token(index - 1), isWord(previous, "caseDisplayRepresentations") {
            caseDisplayRepresentations(after: index + 1)
            return
        }
        var cursor = index + 1
        guard let first = token(cursor), first.kind == .identifier else { return }
        var typeName = text(first)
        while let dot = token(cursor + 1), isPunctuation(dot, "."), let part = token(cursor + 2), part.kind == .identifier {
            typeName = text(part)
            cursor += 2
        }
        guard CalleeTable.keyTypes.contains(typeName), let introducer = token(cursor + 1) else { return }
        let callee = ": " + typeName
        if isPunctuation(introducer, "{") {
            returnedLiterals(body: cursor + 1, callee: callee)
            return
        }
        guard introducer.kind == .operator, Int(introducer.end - introducer.start) == 1,
              bytes[Int(introducer.start)] == UInt8(ascii: "=") else { return }
        var end = cursor + 2
        while end < tokens.count, tokens[end].kind == .string || (tokens[end].kind == .operator && tokens[end].byte == 1) { end += 1 }
        guard end > cursor + 2, let literal = literal(in: (cursor + 2)..<end) else { return }
        if let after = token(end), isPunctuation(after, ".") || (isPunctuation(after, "(") && !after.newlineBefore) { return }
        add(at: tokens[cursor + 2], callee: callee, table: "Localizable", literal: literal, comment: nil)
    }

    /// The literals a body returns: after `return`, as a `case`'s value, a ternary's
    /// branch, or the body's single expression; each ending its statement.
    /// A body never closed is none (a compile error; walking it to the end of the file for
    /// each such declaration would be quadratic). A typed body nested in it is left to its
    /// own declaration, so each token is walked once.
    mutating func returnedLiterals(body open: Int, callee: String) {
        guard let close = closer(of: open) else { return }
        var braces = 0
        var parentheses = 0
        var index = open
        while index <= close {
            let token = tokens[index]
            if token.kind == .punctuation {
                switch token.byte {
                case UInt8(ascii: "{") where index > open && isTypedBody(open: index):
                    if let closer = closer(of: index) { index = closer }
                case UInt8(ascii: "{"): braces += 1
                case UInt8(ascii: "}"):
                    braces -= 1
                    if braces == 0 { return }
                case UInt8(ascii: "("), UInt8(ascii: "["): parentheses += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"): parentheses -= 1
                default: break
                }
            } else if token.kind == .string, parentheses == 0, let previous = self.token(index - 1),
                      isWord(previous, "return") || isPunctuation(previous, ":") || isPunctuation(previous, "?")
                        || (isPunctuation(previous, "{") && index - 1 == open) {
                var end = index + 1
                while end + 1 < tokens.count, tokens[end].kind == .operator, tokens[end].byte == 1, tokens[end + 1].kind == .string {
                    end += 2
                }
                let after = self.token(end)
                let ends = after.map { $0.newlineBefore || isPunctuation($0, "}") || isPunctuation($0, ":") || isPunctuation($0, ";") } ?? true
                if ends, let literal = literal(in: index..<end) {
                    add(at: token, callee: callee, table: "Localizable", literal: literal, comment: nil)
                }
                index = end
                continue
            }
            index += 1
        }
    }

    /// Whether the `{` at `open` starts a body typed as a key (`: LocalizedStringKey {`,
    /// `-> String.LocalizationValue {`).
    func isTypedBody(open: Int) -> Bool {
        guard let name = token(open - 1), name.kind == .identifier, CalleeTable.keyTypes.contains(text(name)) else { return false }
        var cursor = open - 1
        while cursor >= 2, isPunctuation(tokens[cursor - 1], "."), tokens[cursor - 2].kind == .identifier, open - cursor < 16 {
            cursor -= 2
        }
        guard let before = token(cursor - 1) else { return false }
        if isPunctuation(before, ":") { return true }
        return before.kind == .operator && before.end - before.start == 2 && bytes[Int(before.start)] == UInt8(ascii: "-")
            && bytes[Int(before.start) + 1] == UInt8(ascii: ">")
    }

    /// `-> LocalizedStringKey {`: a function's returned literals.
    mutating func returnType(at index: Int) {
        guard Int(tokens[index].end - tokens[index].start) == 2, bytes[Int(tokens[index].start)] == UInt8(ascii: "-"),
              bytes[Int(tokens[index].start) + 1] == UInt8(ascii: ">") else { return }
        var cursor = index + 1
        guard let first = token(cursor), first.kind == .identifier else { return }
        var typeName = text(first)
        while let dot = token(cursor + 1), isPunctuation(dot, "."), let part = token(cursor + 2), part.kind == .identifier {
            typeName = text(part)
            cursor += 2
        }
        guard CalleeTable.keyTypes.contains(typeName), let body = token(cursor + 1), isPunctuation(body, "{") else { return }
        returnedLiterals(body: cursor + 1, callee: "-> " + typeName)
    }

    /// App Enums' `caseDisplayRepresentations: [Self: DisplayRepresentation] = [.a: "Title",
    /// .b: .init(title: "Other")]`: each value's title.
    mutating func caseDisplayRepresentations(after index: Int) {
        var open = index
        while open < min(tokens.count, index + 16), !isPunctuation(tokens[open], "[") || tokens[open - 1].kind != .operator {
            open += 1
        }
        guard open < tokens.count, isPunctuation(tokens[open], "["), let close = closer(of: open) else { return }
        for element in elements(of: open..<(close + 1)) {
            guard let colon = element.first(where: { isPunctuation(tokens[$0], ":") }) else { continue }
            var value = (colon + 1)..<element.upperBound
            if value.count > 4, isPunctuation(tokens[value.lowerBound], "."), isWord(tokens[value.lowerBound + 1], "init"),
               isPunctuation(tokens[value.lowerBound + 2], "(") {
                guard let title = parseArguments(open: value.lowerBound + 2).first(where: { $0.label == "title" }) else { continue }
                value = title.range
            }
            if !value.isEmpty, let literal = literal(in: value) {
                add(at: tokens[value.lowerBound], callee: "caseDisplayRepresentations", table: "Localizable", literal: literal, comment: nil)
            }
        }
    }

    /// `[bundle localizedStringForKey:@"key" value:… table:@"Table"]`. The message's own
    /// tokens are walked (nested groups jumped over) up to its `]`, a `;`, or another
    /// `localizedStringForKey:` (an unclosed message ends there, not at the end of the file).
    mutating func objectiveCMessage(at index: Int) {
        var end = index + 2
        var table: String? = "Localizable"
        walk: while end < tokens.count {
            let token = tokens[end]
            if token.kind == .punctuation {
                switch token.byte {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    guard let closer = closer(of: end) else { break walk }
                    end = closer + 1
                    continue
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ";"):
                    break walk
                default: break
                }
            }
            if isWord(token, "localizedStringForKey") { break }
            if isWord(token, "table"), let colon = self.token(end + 1), isPunctuation(colon, ":") {
                var stop = end + 2
                while stop < tokens.count, tokens[stop].kind == .string { stop += 1 }
                table = isNil((end + 2)..<(end + 3)) ? "Localizable"
                    : literal(in: (end + 2)..<stop).flatMap { $0.isInterpolated ? nil : $0.firstSegment }
                end = max(end + 1, stop)
                continue
            }
            end += 1
        }
        var stop = index + 2
        while stop < tokens.count, tokens[stop].kind == .string { stop += 1 }
        guard index + 2 < tokens.count else { return }
        let literal = stop > index + 2 ? literal(in: (index + 2)..<stop) : nil
        add(at: tokens[index + 2], callee: "localizedStringForKey:", table: table, literal: literal, comment: nil)
    }

    /// In a SwiftGen file: `static let title = L10n.tr("Table", "key", …)` inside
    /// `enum L10n { enum Settings {` defines `L10n.Settings.title`.
    mutating func defineAccessor(at index: Int, enums: [String]) {
        let arguments = parseArguments(open: index + 1)
        guard arguments.count >= 2, let table = plainLiteral(arguments[0]), let key = plainLiteral(arguments[1]) else { return }
        var cursor = index - 1
        while cursor >= max(0, index - 40) {
            let token = tokens[cursor]
            if isWord(token, "let") || isWord(token, "var") || isWord(token, "func"), let name = self.token(cursor + 1),
               name.kind == .identifier {
                let path = (enums + [text(name)]).joined(separator: ".")
                accessors.accessors[path] = SwiftGenMap.Target(table: table, key: key)
                return
            }
            if isPunctuation(token, "}") { return }
            cursor -= 1
        }
    }

    /// `L10n.Settings.title` (or a call of it) in any file: the key its accessor returns.
    mutating func accessorChain(at index: Int) {
        if let previous = token(index - 1), isPunctuation(previous, ".") || isWord(previous, "enum") { return }
        var path = text(tokens[index])
        var cursor = index
        var found: SwiftGenMap.Target?
        // At most 64 parts: each longer path is hashed again.
        while cursor - index < 128, let dot = token(cursor + 1), isPunctuation(dot, "."), let part = token(cursor + 2),
              part.kind == .identifier {
            path += "." + text(part)
            cursor += 2
            if let target = swiftGen.accessors[path] { found = target }
        }
        guard let found else { return }
        add(at: tokens[index], callee: text(tokens[index]), table: found.table, literal: SourceLiteral(text: found.key),
            comment: nil)
    }
}
