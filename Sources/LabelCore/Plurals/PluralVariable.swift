/// A plural variable: `NSStringPluralRuleType` in a `.stringsdict`, or a plural
/// variation / substitution in a String Catalog.
public struct PluralVariable: Sendable, Hashable {
    /// `NSStringFormatValueTypeKey` (`d`, `ld`, `lld`, `f`, `@`...), without `%`.
    /// `nil` when the file does not say.
    public var valueType: String?
    /// The argument this variable reads, 1-based, when the file fixes it
    /// (String Catalog `argNum`). `nil`: the position of its `%#@name@` specifier.
    public var argumentNumber: Int?
    /// The text for each category present in the file.
    public var variants: [PluralCategory: String]

    public init(valueType: String? = nil, argumentNumber: Int? = nil, variants: [PluralCategory: String]) {
        self.valueType = valueType
        self.argumentNumber = argumentNumber
        self.variants = variants
    }
}
