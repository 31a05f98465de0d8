import Foundation
import LabelCore

/// One markup fuzz input: a template (and plural variants) with inline attribute markup,
/// parsed, cut into segments, rendered with arguments and written as JSON, as the server
/// does for `GET /labels/{key}`. Shared by Fuzz/MarkupFuzzer and the replay in
/// LabelCoreTests (a symlink).
///
/// Input: a control byte, then three parts (``FuzzInput/part()``): the template, the `one`
/// and the `other` variant of a plural variable `n` (`%#@n@` in the template reads it).
/// Control bit 0: English (inflection) or German; bit 1: with the variable; bit 2: with
/// arguments (else the template unformatted).
enum MarkupFuzzCase {
    static let arguments = ["3", "Ab", "𝔘😀", "1", "x"]

    /// What went wrong, or nil. A trap is the caller's finding by itself.
    static func run(_ bytes: [UInt8], echo: Bool = false) -> String? {
        var input = FuzzInput(bytes)
        let control = input.byte()
        let template = String(decoding: input.part(), as: UTF8.self)
        let one = String(decoding: input.part(), as: UTF8.self)
        let other = String(decoding: input.part(), as: UTF8.self)
        let language = control & 1 == 0 ? "en" : "de"
        if let problem = parseProblem(template) { return problem }
        for variant in [one, other] { if let problem = parseProblem(variant) { return problem } }
        var string = LocalizedString(template: template)
        if control & 2 != 0 { string.variables["n"] = PluralVariable(valueType: "d", variants: [.one: one, .other: other]) }
        let tokens = FormatTokenTable(string)
        let rendered: RenderedLabel
        if control & 4 == 0 {
            rendered = LabelFormatter.unformatted(string.template, tokens: tokens, language: language)
        } else {
            do {
                rendered = try LabelFormatter.render(string, arguments: arguments, language: language, tokens: tokens)
            } catch {
                return nil
            }
        }
        if echo { FileHandle.standardError.write(Data("\(rendered.value)\n\(rendered.runs)\n".utf8)) }
        return outputProblem(rendered.value, rendered.runs, what: "rendered")
    }

    /// Parse, segments and problems of one text.
    static func parseProblem(_ template: String) -> String? {
        let joined = InlineMarkup.segments(template).map { segment -> Substring in
            switch segment {
            case .text(let text), .syntax(let text): return text
            }
        }.joined()
        guard joined == template else { return "segments do not concatenate to the template" }
        let count = template.utf8.count
        if let problem = InlineMarkup.problems(template).first(where: { $0.utf8Offset < 0 || $0.utf8Offset >= count }) {
            return "problem \(problem.code) at \(problem.utf8Offset) outside \(count) bytes"
        }
        let (text, runs) = InlineMarkup.parse(template)
        return outputProblem(text, runs, what: "parsed")
    }

    /// No well-formed markup left in `value`, runs inside it, and JSON that reads back.
    static func outputProblem(_ value: String, _ runs: [LabelRun], what: String) -> String? {
        if InlineMarkup.parse(value).text != value { return "\(what) value holds markup: \(value.debugDescription)" }
        let length = value.utf16.count
        if let run = runs.first(where: { $0.start < 0 || $0.length <= 0 || $0.end > length }) {
            return "\(what) run \(run) outside \(length) UTF-16 units of \(value.debugDescription)"
        }
        guard !runs.isEmpty else { return nil }
        let json = LabelRun.jsonBytes(runs)
        guard let read = try? JSONSerialization.jsonObject(with: Data(json)) as? [[String: Any]], read.count == runs.count else {
            return "runs JSON does not read back: \(String(decoding: json, as: UTF8.self))"
        }
        return nil
    }
}
