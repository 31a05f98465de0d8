/// An ordered list of header fields that keeps repeated names, with case-insensitive lookup.
///
/// Field names are compared ASCII-case-insensitively (RFC 9110 §5.1); values are kept as
/// received, minus surrounding whitespace. Values that are not valid UTF-8 (obs-text) are
/// decoded lossily.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field.
    public struct Field: Sendable, Hashable {
        /// The field name as sent.
        public var name: String
        /// The field value, without leading or trailing whitespace.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields, in order.
    public private(set) var fields: [Field]

    /// Creates headers from fields in order.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// Creates headers from `(name, value)` pairs in order; repeated names are kept.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The number of fields, counting repeats.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// Appends a field, keeping any existing fields with the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces all fields named `name` with one field (appended at the end).
    public mutating func replaceOrAdd(name: String, value: String) {
        remove(name: name)
        add(name: name, value: value)
    }

    /// Removes every field named `name`.
    public mutating func remove(name: String) {
        fields.removeAll { Self.namesEqual($0.name, name) }
    }

    /// The first value for `name`, or nil.
    public subscript(name: String) -> String? {
        first(name: name)
    }

    /// The first value for `name`, or nil.
    public func first(name: String) -> String? {
        fields.first { Self.namesEqual($0.name, name) }?.value
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.compactMap { Self.namesEqual($0.name, name) ? $0.value : nil }
    }

    /// Whether a field named `name` exists.
    public func contains(name: String) -> Bool {
        fields.contains { Self.namesEqual($0.name, name) }
    }

    /// The comma-separated list elements of every field named `name` (RFC 9110 §5.6.1),
    /// trimmed, with empty elements dropped.
    public func listValues(for name: String) -> [Substring] {
        var out: [Substring] = []
        for value in values(for: name) {
            for element in value.split(separator: ",") {
                let trimmed = element.trimmingOWS()
                if !trimmed.isEmpty { out.append(trimmed) }
            }
        }
        return out
    }

    /// Whether any list element of `name` equals `token`, ignoring ASCII case
    /// (e.g. `Connection: keep-alive, Upgrade` contains `upgrade`).
    public func containsToken(_ token: String, in name: String) -> Bool {
        listValues(for: name).contains { Self.namesEqual($0, token) }
    }

    /// ASCII case-insensitive comparison without allocating.
    static func namesEqual<A: StringProtocol, B: StringProtocol>(_ a: A, _ b: B) -> Bool {
        let x = a.utf8, y = b.utf8
        guard x.count == y.count else { return false }
        for (p, q) in zip(x, y) where p != q {
            guard asciiLower(p) == asciiLower(q) else { return false }
        }
        return true
    }

    @inline(__always)
    static func asciiLower(_ byte: UInt8) -> UInt8 {
        (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
    }
}

extension Substring {
    /// The string without leading and trailing SP / HTAB (optional whitespace, RFC 9110 §5.6.3).
    func trimmingOWS() -> Substring {
        let s = self
        guard let first = s.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return s[s.endIndex...] }
        let last = s.lastIndex(where: { $0 != " " && $0 != "\t" })!
        return s[first...last]
    }
}
