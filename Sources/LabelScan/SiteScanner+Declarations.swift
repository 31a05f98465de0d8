/// The first pass over Swift files: what other files' calls depend on. SwiftGen
/// accessors, and parameters typed `LocalizedStringKey`, `LocalizedStringResource` or
/// `String.LocalizationValue` (a custom view's `init(title: LocalizedStringKey)`, a
/// struct's stored `let title: LocalizedStringKey` for its memberwise initializer): Xcode
/// extracts the literals passed to them, and so does the scan.
extension SiteScanner {
    static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "extension", "protocol"]
    static let parameterTypes: Set<String> = ["LocalizedStringKey", "LocalizedStringResource", "LocalizationValue"]
    static let qualifiers: Set<String> = ["String", "SwiftUI", "Foundation"]

    mutating func declarations() {
        var types: [(keyword: String, name: String, depth: Int)] = []
        var pending: (keyword: String, name: String)?
        var depth = 0
        for index in tokens.indices {
            let token = tokens[index]
            if token.kind == .punctuation {
                if token.byte == UInt8(ascii: "{") {
                    depth += 1
                    // Deeper type nesting is no real code; bounded, as each `tr(` reads the stack.
                    if let type = pending, types.count < 64 { types.append((type.keyword, type.name, depth)) }
                    pending = nil
                } else if token.byte == UInt8(ascii: "}") {
                    if let last = types.last, last.depth == depth { types.removeLast() }
                    depth -= 1
                }
                continue
            }
            guard token.kind == .identifier, let next = self.token(index + 1) else { continue }
            if next.kind == .identifier, token.end - token.start <= 9, Self.typeKeywords.contains(text(token)) {
                let name = text(next)
                if name != "func" && name != "var" && name != "let" { pending = (text(token), name) }
            } else if isWord(token, "tr"), isPunctuation(next, "("), !next.newlineBefore {
                let enums = types.filter { $0.keyword == "enum" }.map(\.name)
                if !enums.isEmpty { defineAccessor(at: index, enums: enums) }
            } else if isWord(token, "init"), let type = types.last, type.depth == depth {
                parameters(after: index, callee: type.name)
            } else if isWord(token, "func"), next.kind == .identifier {
                parameters(after: index + 1, callee: text(next))
            } else if isWord(token, "let") || isWord(token, "var"), next.kind == .identifier, let type = types.last,
                      type.keyword == "struct", type.depth == depth {
                storedProperty(at: index + 1, isLet: isWord(token, "let"), type: type.name)
            }
        }
    }

    /// The parameter list after `init`/`func name` (skipping `?` and generics).
    mutating func parameters(after index: Int, callee: String) {
        var open = index + 1
        while open < min(tokens.count, index + 40), !isPunctuation(tokens[open], "(") {
            if isPunctuation(tokens[open], "{") || isPunctuation(tokens[open], "}") { return }
            open += 1
        }
        guard open < tokens.count, isPunctuation(tokens[open], "(") else { return }
        for (position, parameter) in parseArguments(open: open).enumerated() {
            var range = parameter.range
            // parseArguments took `label:`; `_ name:` and `label name:` remain to split.
            var external = parameter.label
            if external == nil {
                guard let colon = range.first(where: { isPunctuation(tokens[$0], ":") }), colon > range.lowerBound else { continue }
                external = text(tokens[range.lowerBound])
                range = (colon + 1)..<range.upperBound
            } else if range.count >= 2, tokens[range.lowerBound].kind == .identifier, isPunctuation(tokens[range.lowerBound + 1], ":") {
                range = (range.lowerBound + 2)..<range.upperBound
            }
            guard isKeyType(range) else { continue }
            let label = external == "_" ? nil : external
            if label == nil && position != 0 { continue }
            declared.append(CalleeTable.Wrapper(name: callee, label: label))
        }
    }

    /// `let title: LocalizedStringKey` directly in a struct: a memberwise initializer's parameter.
    mutating func storedProperty(at index: Int, isLet: Bool, type: String) {
        guard let colon = token(index + 1), isPunctuation(colon, ":") else { return }
        var end = index + 2
        while end < tokens.count, tokens[end].kind == .identifier || isPunctuation(tokens[end], ".") || isPunctuation(tokens[end], "?")
            || isPunctuation(tokens[end], "!") {
            if end > index + 2, tokens[end].newlineBefore { break }
            end += 1
        }
        guard isKeyType((index + 2)..<end) else { return }
        if let after = token(end), !after.newlineBefore {
            // A computed property is no parameter; a `let` with a value is not either.
            if isPunctuation(after, "{") { return }
            if isLet, after.kind == .operator { return }
        }
        declared.append(CalleeTable.Wrapper(name: type, label: text(tokens[index])))
    }

    /// Whether a parameter's type is a key type (`LocalizedStringKey`, `String.LocalizationValue?`),
    /// ignoring a default value.
    func isKeyType(_ range: Range<Int>) -> Bool {
        var found = false
        for index in range {
            let token = tokens[index]
            if token.kind == .operator { break }
            if token.kind == .identifier {
                let name = text(token)
                if Self.parameterTypes.contains(name) {
                    found = true
                } else if !Self.qualifiers.contains(name) {
                    return false
                }
            } else if !(isPunctuation(token, ".") || isPunctuation(token, "?") || isPunctuation(token, "!")) {
                return false
            }
        }
        return found
    }
}
