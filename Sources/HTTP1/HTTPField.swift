/// One header field: a name and its value as a handler reads it.
///
/// `==` (and hashing) compares names ignoring ASCII case, through ``Name``, and values
/// exactly: `content-type: x` equals `Content-Type: x`. ``HTTPHeaders``' `==` differs: it
/// compares the stored bytes, so the same fields with names spelled in another case are
/// not equal headers.
package struct HTTPField: Sendable, Hashable {
    /// The field name, spelled as sent; compared ignoring ASCII case.
    package var name: Name
    /// The field value, without leading or trailing whitespace.
    package var value: String

    /// Creates a field.
    package init(name: Name, value: String) {
        self.name = name
        self.value = value
    }
}
