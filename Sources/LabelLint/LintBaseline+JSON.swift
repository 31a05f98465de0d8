import LabelCore

extension LintBaseline {
    /// Why a baseline file cannot be used, with where (an entry's index, a byte offset).
    package struct ReadError: Error, Sendable, Hashable, CustomStringConvertible {
        package var reason: String
        package init(_ reason: String) { self.reason = reason }
        package var description: String { reason }
    }

    /// `{"version": 1, "findings": [...]}` with one finding per line, sorted, every
    /// member present (`null` when a finding has no key, table or language), so a
    /// baseline under version control diffs line by line.
    package func json() -> [UInt8] {
        var out = Array("{\n  \"version\": \(Self.version),\n  \"findings\": [".utf8)
        for (index, entry) in entries.enumerated() {
            var writer = JSONWriter(capacity: 160)
            writer.beginObject()
            writer.field(literal: "rule", entry.rule)
            writer.field(literal: "bundle", entry.bundle)
            writer.field(literal: "table", entry.table)
            writer.field(literal: "language", entry.language)
            writer.field(literal: "key", entry.key)
            writer.field(literal: "fingerprint", entry.fingerprint)
            writer.endObject()
            out += Array((index == 0 ? "\n    " : ",\n    ").utf8)
            out += writer.bytes
        }
        out += Array((entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n").utf8)
        return out
    }

    /// Reads what ``json()`` writes (any JSON layout of it). Unknown members, another
    /// version or a member of the wrong type are errors.
    package static func read(_ bytes: [UInt8]) throws(ReadError) -> LintBaseline {
        let document: JSONDocument
        do {
            document = try JSONDocument.read(bytes)
        } catch {
            throw ReadError("not JSON: \(error.reason) at byte \(error.offset)")
        }
        guard case .object(let members) = document else { throw ReadError("not a baseline: the top level must be an object") }
        for member in members where member.key != "version" && member.key != "findings" {
            throw ReadError("unknown member \"\(member.key)\" (version, findings)")
        }
        guard case .number(let version)? = document["version"], version == String(Self.version) else {
            throw ReadError("version must be \(Self.version)")
        }
        guard case .array(let items)? = document["findings"] else { throw ReadError("findings must be an array") }
        var entries: [Entry] = []
        entries.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            entries.append(try entry(item, index: index))
        }
        return LintBaseline(entries: entries)
    }

    private static let members: Set<String> = ["rule", "bundle", "table", "language", "key", "fingerprint"]

    private static func entry(_ item: JSONDocument, index: Int) throws(ReadError) -> Entry {
        guard case .object(let fields) = item else { throw ReadError("findings[\(index)] must be an object") }
        for field in fields where !members.contains(field.key) {
            throw ReadError("findings[\(index)]: unknown member \"\(field.key)\"")
        }
        func text(_ name: String, optional: Bool) throws(ReadError) -> String? {
            if case .string(let value, _)? = item[name] { return value }
            if optional, item[name] == nil || item[name] == .null { return nil }
            throw ReadError("findings[\(index)].\(name) must be a string\(optional ? " or null" : "")")
        }
        guard let rule = try text("rule", optional: false), LintRule(rawValue: rule) != nil else {
            throw ReadError("findings[\(index)].rule is not a lint rule")
        }
        guard let fingerprint = try text("fingerprint", optional: false), fingerprint.utf8.count == 16,
              fingerprint.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) else {
            throw ReadError("findings[\(index)].fingerprint must be 16 lowercase hex digits")
        }
        return Entry(rule: rule, bundle: try text("bundle", optional: true), table: try text("table", optional: true),
                     language: try text("language", optional: true), key: try text("key", optional: true),
                     fingerprint: fingerprint)
    }
}
