import Foundation
import Clocks
import LabelCore

/// Operational log lines on standard error, one per event, with a UTC timestamp, all in
/// one format per process (`--log-format`): text (`TIME level message key=value…`) or
/// json (one object a line: `time`, `level`, `message`, `fields`), written with JSONWriter.
enum Log {
    /// Set once by `serve` before any thread logs.
    private static let json = Locked(false)

    static func use(json enabled: Bool) { json.withLock { $0 = enabled } }
    static var isJSON: Bool { json.withLock { $0 } }

    /// A structured event given as a JSON object (`{"event": "missing_key", …}`, from
    /// MissingKeys): its `event` is the message, its members the fields.
    @Sendable static func line(_ text: String) {
        guard case .object(let members)? = try? JSONDocument.read(Array(text.utf8)) else {
            write(level: "info", message: text, fields: [])
            return
        }
        let event = members.first { $0.key == "event" }?.value.stringValue ?? "event"
        write(level: "info", message: event, fields: members.filter { $0.key != "event" })
    }

    @Sendable static func info(_ message: String) { write(level: "info", message: message, fields: []) }

    @Sendable static func warning(_ message: String) { write(level: "warning", message: message, fields: []) }

    static func write(level: String, message: String, fields: [JSONDocument.Member]) {
        FileHandle.standardError.write(text: render(level: level, message: message, fields: fields, json: isJSON,
                                                    now: timestamp()))
    }

    /// One line, newline included.
    static func render(level: String, message: String, fields: [JSONDocument.Member], json: Bool, now: String) -> String {
        guard json else {
            var line = "\(now) \(level) \(message)"
            for field in fields { line += " \(field.key)=\(textValue(field.value))" }
            return line + "\n"
        }
        var writer = JSONWriter(capacity: 96 + message.utf8.count)
        writer.beginObject()
        writer.field("time", now)
        writer.field("level", level)
        writer.field("message", message)
        writer.beginObject("fields")
        for field in fields { writer.field(field.key, raw: Array(jsonValue(field.value).utf8)) }
        writer.endObject()
        writer.endObject()
        return writer.text + "\n"
    }

    /// Clocks' wall clock and civil-date arithmetic, as the `Date` header's: the first
    /// `ISO8601Format()` sets up a calendar and time zone before the first 200 (cold start,
    /// `Benchmarks/cold-start-instructions.sh`).
    static func timestamp() -> String { CivilDateTime(unixSeconds: WallClock.unixSeconds()).iso8601() }

    /// A value on a text line: numbers and booleans as they are, strings bare when they
    /// are one plain word, else quoted and escaped as JSON (no line break ever reaches the log).
    static func textValue(_ value: JSONDocument) -> String {
        if case .string(let text, _) = value, !text.isEmpty,
           text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "\\" }) {
            return text
        }
        return jsonValue(value)
    }

    static func jsonValue(_ value: JSONDocument) -> String {
        switch value {
        case .string(let text, _):
            var bytes: [UInt8] = []
            JSONWriter.appendQuoted(text, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array(let elements): return "[" + elements.map(jsonValue).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { jsonValue(.string($0.key)) + ":" + jsonValue($0.value) }.joined(separator: ",") + "}"
        }
    }
}
