import LabelCore

/// Compares the format arguments of a unit's target with its source's: how many,
/// in which order, of which types (`%@` is an object, `%d` and CF's `%D` an integer,
/// `%#@x@` a plural substitution, a `*` width an integer argument of its own).
/// Arguments are counted and numbered as CoreFoundation does, through LabelCore's
/// ``FormatToken/argumentReads(in:)``. A target with `%n`, or a specifier with a
/// ``FormatSpecifier/Hazard`` (`%1000$@`, `%1000d`, `%'d`, `%[key]@`), is always refused.
enum PlaceholderCheck {
    /// Argument number → what it is (`object`, `integer`…) with its source text. An
    /// argument read twice keeps its first reader.
    static func arguments(_ text: String) -> [Int: (kind: String, source: String)] {
        var result: [Int: (String, String)] = [:]
        for read in FormatToken.argumentReads(in: text) where result[read.number] == nil {
            let kind = read.kind.map { read.source.hasSuffix("@") && $0 == .string ? "object" : $0.rawValue } ?? "plural"
            result[read.number] = (kind, read.source)
        }
        return result
    }

    /// A sentence naming the difference, or `nil` when the arguments agree. A plural
    /// variant (`one`, `few`…) may leave out an argument (`one` often spells the
    /// number out), but not change one's type or add one.
    static func mismatch(source: String, target: String, isPluralVariant: Bool) -> String? {
        if let forbidden = FormatToken.forbiddenSpecifier(in: target) {
            return "the target has \(forbidden.source) (\(forbidden.forbiddenReason ?? "forbidden")): never acceptable in a value"
        }
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
