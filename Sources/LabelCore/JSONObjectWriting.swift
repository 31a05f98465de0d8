/// The calls a small JSON object is written with, so that one list of fields
/// drives either ``JSONWriter`` or ``BoundedJSONWriter`` (see `ResolvedLabel+JSON`).
protocol JSONObjectWriting {
    mutating func beginObject()
    mutating func endObject()
    mutating func field(literal name: StaticString, _ value: String?)
    mutating func field(literal name: StaticString, _ value: Int)
    mutating func beginArray(literal name: StaticString)
    mutating func element(_ value: String)
    mutating func endArray()
}

extension JSONWriter: JSONObjectWriting {}
