/// Table names are file base names; only a safe subset is accepted from clients.
package enum TableName {
    package static let maximumLength = 128

    /// Letters, digits, `_`, `-`, `.` (not leading), at most 128 bytes: no path
    /// separators, so a table name can never reach outside the store.
    package static func isValid(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= maximumLength, name.first != "." else { return false }
        return name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
                return true
            default:
                return false
            }
        }
    }
}
