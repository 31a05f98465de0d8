import LabelCore


extension Linter {
    /// Walks a value as ``LabelFormatter`` numbers arguments: non-positional
    /// specifiers take the next argument, positional ones their own, `%#@var@`
    /// the variable's `argumentNumber` (else its slot), and inside a variant the
    /// non-positional specifiers read the variable's argument.
    static func arguments(of string: LocalizedString) -> ArgumentSignature {
        var signature = ArgumentSignature()
        var visited: Set<String> = []
        func visit(_ text: String, own: Int?, depth: Int) {
            var next = 1
            func take(_ position: Int?) -> Int {
                if let position { return position }
                if let own { return own }
                defer { next += 1 }
                return next
            }
            for token in FormatToken.tokens(in: text) {
                switch token {
                case .literal, .invalid:
                    continue
                case .specifier(let specifier):
                    // A `*` width or precision reads an integer argument of its own, first (CF).
                    for read in specifier.argumentReads {
                        signature.record(take(read.position), kind: read.kind, source: specifier.source)
                    }
                case .substitution(let substitution):
                    guard let variable = string.variables[substitution.name] else { continue }
                    let slot = take(substitution.position)
                    let number = variable.argumentNumber ?? slot
                    let kind = variable.valueType.flatMap(\.last).flatMap(FormatSpecifier.Conversion.init(rawValue:))?.kind
                    signature.record(number, kind: kind, source: substitution.source)
                    guard depth < LabelFormatter.maximumSubstitutionDepth,
                          visited.insert("\(substitution.name)#\(number)").inserted else { continue }
                    let variants = variable.variants
                    for category in variants.keys.sorted() {
                        visit(variants[category]!, own: number, depth: depth + 1)
                    }
                }
            }
        }
        visit(string.template, own: nil, depth: 0)
        return signature
    }
}
