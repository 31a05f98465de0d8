import LabelCore

/// Compares the format arguments of a unit's target with its source's: how many,
/// in which order, of which types (`%@` is an object, `%d` an integer, `%#@x@` a
/// plural substitution). Positional (`%2$@`) and sequential arguments are numbered
/// as CoreFoundation numbers them.
enum PlaceholderCheck {
    /// Argument number → what it is (`@`, `integer`…) with its source text.
    static func arguments(_ text: String) -> [Int: (kind: String, source: String)] {
        var result: [Int: (String, String)] = [:]
        var next = 1
        for token in FormatToken.tokens(in: text) {
            switch token {
            case .specifier(let specifier):
                let number = specifier.position ?? next
                next = number + 1
                let kind = specifier.conversion == .object ? "object" : specifier.conversion.kind.rawValue
                result[number] = (kind, specifier.source)
            case .substitution(let substitution):
                let number = substitution.position ?? next
                next = number + 1
                result[number] = ("plural", substitution.source)
            case .literal, .invalid:
                continue
            }
        }
        return result
    }

    /// A sentence naming the difference, or `nil` when the arguments agree. A plural
    /// variant (`one`, `few`…) may leave out an argument (`one` often spells the
    /// number out), but not change one's type or add one.
    static func mismatch(source: String, target: String, isPluralVariant: Bool) -> String? {
        let expected = arguments(source), found = arguments(target)
        for (number, argument) in found.sorted(by: { $0.key < $1.key }) {
            guard let wanted = expected[number] else {
                return "the target has argument \(number) (\(argument.source)), the source has \(expected.count) argument\(expected.count == 1 ? "" : "s")"
            }
            if wanted.kind != argument.kind {
                return "argument \(number) is \(wanted.source) (\(wanted.kind)) in the source but \(argument.source) (\(argument.kind)) in the target"
            }
        }
        if !isPluralVariant, found.count < expected.count {
            let lost = expected.keys.filter { found[$0] == nil }.sorted().map { "\($0) (\(expected[$0]!.source))" }
            return "the target lacks argument\(lost.count == 1 ? "" : "s") \(lost.joined(separator: ", ")) of the source"
        }
        return nil
    }
}
