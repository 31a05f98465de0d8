/// One place in the code that asks for a localized string.
package struct ScanSite: Sendable, Hashable {
    package enum Kind: String, Sendable {
        /// The key is a literal (or literals joined with `+`).
        case literal
        /// The key is a literal with interpolations: a format key, matched by pattern.
        case interpolated
        /// The key is computed at run time: listed, never guessed.
        case dynamic
    }

    /// The path as given on the command line joined with the path under it.
    package var file: String
    /// 1-based line and UTF-8 byte column of the key argument (of the call for a dynamic site).
    package var line: Int
    package var column: Int
    /// `NSLocalizedString`, `Text`, `.accessibilityLabel`, `@Parameter`, a `--function` name…
    package var callee: String
    /// The table (`Localizable` unless the call names one); nil when the table is not a literal.
    package var table: String?
    /// The key; for an interpolated literal, each interpolation written `%@`; nil when dynamic.
    package var key: String?
    package var kind: Kind
    /// The `comment:` literal, if any.
    package var comment: String?
    /// An interpolated key's text around its interpolations (`["", " items"]`).
    package var segments: [String]
    /// The development-language text the call gives when the table lacks the key
    /// (`value:`, `defaultValue:`), when it is a literal without interpolations.
    package var defaultValue: String?

    package init(file: String, line: Int, column: Int, callee: String, table: String?, key: String?, kind: Kind,
                 comment: String? = nil, segments: [String] = [], defaultValue: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.callee = callee
        self.table = table
        self.key = key
        self.kind = kind
        self.comment = comment
        self.segments = segments
        self.defaultValue = defaultValue
    }
}
