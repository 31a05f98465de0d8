/// A property-list value as ``PropertyListReader`` reads it: the types Apple's
/// XML and binary plists hold, with dictionaries keyed by string (the last of
/// a repeated key wins, as in Foundation).
public indirect enum PropertyListValue: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case boolean(Bool)
    /// Seconds since 2001-01-01 00:00:00 UTC, as `Date.timeIntervalSinceReferenceDate`.
    case date(Double)
    case data([UInt8])
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    /// The string, when this is one.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The dictionary, when this is one.
    public var dictionary: [String: PropertyListValue]? {
        if case .dictionary(let entries) = self { return entries }
        return nil
    }

    /// "a string", "an array", …: how warnings name a value of the wrong type.
    public var typeName: String {
        switch self {
        case .string: "a string"
        case .array: "an array"
        case .dictionary: "a dictionary"
        case .data: "data"
        case .date: "a date"
        case .integer, .real, .boolean: "a number"
        }
    }
}
