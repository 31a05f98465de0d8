/// Runs as JSON: `[{"start": s, "length": n, "attributes": {"name": value, …}}]`, values as
/// JSON strings, numbers and booleans (docs/speech.md, openapi.yaml's `LabelRun`).
extension LabelRun {
    /// `runs` as a JSON array.
    package static func jsonBytes(_ runs: [LabelRun]) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 * runs.count + 2)
        writer.beginArray(literal: "runs")
        for run in runs { run.write(to: &writer) }
        writer.endArray()
        // Drop the `"runs":` key the writer needed to open the array.
        return Array(writer.bytes.dropFirst(7))
    }

    /// The run as one JSON object (an array element or a field's value).
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field(literal: "start", start)
        writer.field(literal: "length", length)
        writer.beginObject("attributes")
        for attribute in attributes {
            switch attribute.value {
            case .string(let text): writer.field(attribute.name, text)
            case .number(let number): writer.field(attribute.name, raw: Array(Self.jsonNumber(number).utf8))
            case .boolean(let flag): writer.field(attribute.name, flag)
            }
        }
        writer.endObject()
        writer.endObject()
    }

    /// A JSON number: integers without a fraction (`1`, not `1.0`), others in Swift's
    /// shortest round-trip form (`2.5`, `1e-07`); a value JSON cannot write (only made in
    /// code: the parser never keeps one) as `0`.
    package static func jsonNumber(_ number: Double) -> String {
        guard number.isFinite else { return "0" }
        if number == number.rounded(), abs(number) < 9_007_199_254_740_992 { return String(Int64(number)) }
        return "\(number)"
    }
}
