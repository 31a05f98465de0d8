/// The project's one JSON document model that keeps order and raw text: member order,
/// and the exact source text of every string and number it does not change, so a
/// String Catalog that `import` merges and writes back is byte for byte the old one
/// outside the imported localizations. Read through ``JSONCursor``; a repeated member
/// name is refused.
package indirect enum JSONDocument: Hashable {
    package struct Member: Hashable {
        package var key: String
        package var value: JSONDocument

        package init(key: String, value: JSONDocument) {
            self.key = key
            self.value = value
        }
    }

    /// `raw` is the text between the quotes as read (escapes kept); `nil` for a new string.
    case string(String, raw: String?)
    case number(String)
    case bool(Bool)
    case null
    case array([JSONDocument])
    case object([Member])

    package static func string(_ text: String) -> JSONDocument { .string(text, raw: nil) }

    /// Equal values, whatever their source text (`"\/"` and `"/"` are equal).
    package static func == (a: JSONDocument, b: JSONDocument) -> Bool {
        switch (a, b) {
        case (.string(let x, _), .string(let y, _)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.bool(let x), .bool(let y)): x == y
        case (.null, .null): true
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x == y
        default: false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let text, _): hasher.combine(text)
        case .number(let text): hasher.combine(text)
        case .bool(let flag): hasher.combine(flag)
        case .null: hasher.combine(0)
        case .array(let elements): hasher.combine(elements)
        case .object(let members): hasher.combine(members)
        }
    }

    package subscript(key: String) -> JSONDocument? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    package var stringValue: String? {
        if case .string(let text, _) = self { return text }
        return nil
    }

    package var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    /// Sets `key` in an object: replaced where it stands, or inserted before the first
    /// greater key (catalogs keep their keys sorted). A non-object becomes an object.
    package mutating func set(_ key: String, _ value: JSONDocument) {
        var members: [Member] = []
        if case .object(let existing) = self { members = existing }
        if let index = members.firstIndex(where: { $0.key == key }) {
            // An equal value keeps its source text, so an import of what is there changes no byte.
            if members[index].value != value { members[index].value = value }
        } else {
            let index = members.firstIndex { $0.key > key } ?? members.count
            members.insert(Member(key: key, value: value), at: index)
        }
        self = .object(members)
    }

    /// The object at `path`, created empty where missing, changed by `body`.
    package mutating func update(_ path: ArraySlice<String>, _ body: (inout JSONDocument) -> Void) {
        guard let first = path.first else {
            if !isObject { self = .object([]) }
            body(&self)
            return
        }
        var child = self[first] ?? .object([])
        child.update(path.dropFirst(), body)
        set(first, child)
    }
}
