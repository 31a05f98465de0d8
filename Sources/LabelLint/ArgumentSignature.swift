import LabelCore

/// The arguments a value reads, over its template and every plural variant:
/// argument number → the kinds of conversion that read it.
///
/// Compared as a whole, not variant by variant: Arabic `zero`/`one`/`two` variants
/// legitimately say the number in words and leave out `%d`, and mixing positional
/// and non-positional specifiers is fine as long as each argument keeps one type.
struct ArgumentSignature: Sendable, Hashable {
    typealias Kind = FormatSpecifier.Conversion.Kind

    /// Argument number → kinds read. An empty set: read by a plural substitution
    /// whose value type the file does not give.
    private(set) var kinds: [Int: Set<Kind>] = [:]
    /// Argument number → the first specifier text that reads it, for messages.
    private(set) var examples: [Int: String] = [:]

    mutating func record(_ argument: Int, kind: Kind?, source: String) {
        if let kind { kinds[argument, default: []].insert(kind) } else if kinds[argument] == nil { kinds[argument] = [] }
        // Prefer a specifier (`%1$d`) over the substitution (`%#@coins@`) that reads the same argument.
        if examples[argument].map({ $0.contains("#@") && !source.contains("#@") }) ?? true {
            examples[argument] = source
        }
    }

    /// An argument read as two different kinds inside one value: the C varargs
    /// would be read with the wrong type on one path.
    var conflict: String? {
        guard let (argument, found) = kinds.sorted(by: { $0.key < $1.key }).first(where: { $0.value.count > 1 }) else {
            return nil
        }
        let names = found.map(\.rawValue).sorted().joined(separator: " and as ")
        return "argument \(argument) is read as \(names) in the same value"
    }

    /// `%1$d (integer)`.
    func describe(_ argument: Int) -> String {
        let kind = kinds[argument].flatMap { $0.count == 1 ? $0.first!.rawValue : nil }
        return (examples[argument] ?? "argument \(argument)") + (kind.map { " (\($0))" } ?? "")
    }

    /// How `self` (a translation) differs from `reference`; `nil` when the arguments agree.
    func differences(from reference: ArgumentSignature, referenceLanguage: LanguageTag) -> String? {
        var problems: [String] = []
        for argument in Set(kinds.keys).union(reference.kinds.keys).sorted() {
            switch (kinds[argument], reference.kinds[argument]) {
            case (nil, _?):
                problems.append("argument \(argument), \(reference.describe(argument)) in \(referenceLanguage), is never read here")
            case (_?, nil):
                problems.append("argument \(argument), \(describe(argument)), is not read in \(referenceLanguage)")
            case (let here?, let there?) where !here.isEmpty && !there.isEmpty && here != there:
                problems.append("argument \(argument) is \(describe(argument)) here but \(reference.describe(argument)) in \(referenceLanguage)")
            default:
                continue
            }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }
}
