/// Reads just enough of Apple format strings for the store readers: which
/// `%#@name@` variables a text refers to, which numeric specifier a plural
/// variation counts with, and the String Catalog `%arg` token.
///
/// Rendering has its own full specifier parser; this one only has to agree with
/// it on where specifiers start and end.
enum PluralReferenceScanner {
    private static let percent: Unicode.Scalar = "%"

    /// Names referenced by `%#@name@` in `text`, in order of appearance.
    ///
    /// Accepts digits and `$` between `%` and `#@`: `%1$#@passwords@` (a position)
    /// and DuckDuckGo's `%1#@count@` (CoreFoundation reads the digit as a field
    /// width) both name a variable.
    static func variableNames(in text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var names: [String] = []
        var index = 0
        while index < scalars.count {
            guard scalars[index] == percent else { index += 1; continue }
            if index + 1 < scalars.count, scalars[index + 1] == percent { index += 2; continue }
            if let (name, end) = variableReference(in: scalars, at: index) {
                names.append(name)
                index = end
            } else {
                index += 1
            }
        }
        return names
    }

    /// The first specifier in `text` that formats a number: its length modifier
    /// and conversion (`lld`, `d`, `.2f` is reported as `f`) and the 1-based
    /// argument it reads. `nil` when there is none.
    static func firstNumericSpecifier(in text: String) -> (valueType: String, argument: Int)? {
        let scalars = Array(text.unicodeScalars)
        var nextArgument = 1
        var index = 0
        while index < scalars.count {
            guard scalars[index] == percent else { index += 1; continue }
            if index + 1 < scalars.count, scalars[index + 1] == percent { index += 2; continue }
            if let (_, end) = variableReference(in: scalars, at: index) {
                nextArgument += 1
                index = end
                continue
            }
            var cursor = index + 1
            var position: Int?
            // Position: digits followed by `$`.
            var digits = cursor
            while digits < scalars.count, isDigit(scalars[digits]) { digits += 1 }
            if digits > cursor, digits < scalars.count, scalars[digits] == "$" {
                position = Int(string(scalars[cursor..<digits]))
                cursor = digits + 1
            }
            while cursor < scalars.count, "-+ #0'".unicodeScalars.contains(scalars[cursor]) { cursor += 1 }
            // Width and precision; `*` reads an argument of its own.
            if cursor < scalars.count, scalars[cursor] == "*" { nextArgument += 1; cursor += 1 }
            while cursor < scalars.count, isDigit(scalars[cursor]) { cursor += 1 }
            if cursor < scalars.count, scalars[cursor] == "." {
                cursor += 1
                if cursor < scalars.count, scalars[cursor] == "*" { nextArgument += 1; cursor += 1 }
                while cursor < scalars.count, isDigit(scalars[cursor]) { cursor += 1 }
            }
            let lengthStart = cursor
            for modifier in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] {
                let modifierScalars = Array(modifier.unicodeScalars)
                if cursor + modifierScalars.count <= scalars.count,
                   Array(scalars[cursor..<cursor + modifierScalars.count]) == modifierScalars {
                    cursor += modifierScalars.count
                    break
                }
            }
            guard cursor < scalars.count else { return nil }
            let conversion = scalars[cursor]
            let argument: Int
            if let position {
                argument = position
            } else {
                argument = nextArgument
                nextArgument += 1
            }
            if "dDiuUxXoOfFeEgGaA".unicodeScalars.contains(conversion) {
                let type = string(scalars[lengthStart...cursor])
                return (type, argument)
            }
            index = cursor + 1
        }
        return nil
    }

    /// `text` with each String Catalog `%arg` token replaced by `%` + `specifier`
    /// (`%arg` → `%lld`); `%%arg` is a literal percent sign followed by "arg".
    static func replacingArgToken(in text: String, with specifier: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == percent, index + 1 < scalars.count else {
                result.append(scalar)
                index += 1
                continue
            }
            if scalars[index + 1] == percent {
                result.append(scalars[index])
                result.append(scalars[index + 1])
                index += 2
            } else if index + 3 < scalars.count, string(scalars[index + 1...index + 3]) == "arg" {
                result.append(percent)
                for scalar in specifier.unicodeScalars { result.append(scalar) }
                index += 4
            } else {
                result.append(scalar)
                index += 1
            }
        }
        return String(result)
    }

    /// The scalars as a string, appended one by one: `String.UnicodeScalarView(slice)`
    /// and `append(contentsOf:)` are generic, and their first use made the runtime
    /// resolve associated types during the first store load.
    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        for scalar in scalars { view.append(scalar) }
        return String(view)
    }

    /// A `%[digits$]#@name@` reference starting at the `%` at `start`: the name
    /// and the index just past its closing `@`.
    private static func variableReference(in scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var cursor = start + 1
        while cursor < scalars.count, isDigit(scalars[cursor]) || scalars[cursor] == "$" { cursor += 1 }
        guard cursor + 1 < scalars.count, scalars[cursor] == "#", scalars[cursor + 1] == "@" else { return nil }
        let nameStart = cursor + 2
        guard let close = scalars[nameStart...].firstIndex(of: "@") else { return nil }
        return (string(scalars[nameStart..<close]), close + 1)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar >= "0" && scalar <= "9"
    }

    /// Variables a string refers to but does not define (printed literally),
    /// and variables it defines but never refers to, both in a stable order.
    static func referenceProblems(template: String, variables: [String: PluralVariable]) -> (undefined: [String], unused: [String]) {
        var referenced = variableNames(in: template)
        for name in variables.keys.sorted() {
            for category in PluralCategory.allCases {
                if let text = variables[name]!.variants[category] { referenced += variableNames(in: text) }
            }
        }
        var seen = Set<String>()
        let undefined = referenced.filter { variables[$0] == nil && seen.insert($0).inserted }
        let unused = variables.keys.sorted().filter { !referenced.contains($0) }
        return (undefined, unused)
    }
}
