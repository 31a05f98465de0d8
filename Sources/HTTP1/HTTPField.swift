/// One header field: a name and its value as a handler reads it.
///
/// `==` (and hashing) compares names ignoring ASCII case and values exactly:
/// `content-type: x` equals `Content-Type: x`. ``HTTPHeaders``' `==` differs: it compares
/// the stored bytes, so the same fields with names spelled in another case are not equal
/// headers.
package struct HTTPField: Sendable, Hashable {
    /// The field name, spelled as sent or received; compared ignoring ASCII case.
    package var name: String
    /// The field value, without leading or trailing whitespace.
    package var value: String

    /// Creates a field named by a name the code knows or writes.
    package init(name: Name, value: String) {
        self.name = name.description
        self.value = value
    }

    /// Creates a field with a name read at run time (a received field, a caller's header).
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Whether this field's name is `name`, ignoring ASCII case.
    package func hasName(_ name: Name) -> Bool {
        HTTPHeaders.withUTF8(self.name) { name.matches($0) }
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.value == rhs.value
            && HTTPHeaders.withUTF8(lhs.name) { left in
                HTTPHeaders.withUTF8(rhs.name) { ByteClass.equalIgnoringCase(left, $0) }
            }
    }

    package func hash(into hasher: inout Hasher) {
        HTTPHeaders.withUTF8(name) { Self.hashName($0, into: &hasher) }
        hasher.combine(value)
    }
}
