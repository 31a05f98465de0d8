/// Store keys as Android resource names: what `R.string.NAME` and `@string/NAME` accept.
///
/// Every character outside `[A-Za-z0-9_]` becomes `_` (`control.close.label` →
/// `control_close_label`, `Delete “%@”?` → `Delete____`); a name that would start with
/// a digit, or be empty, is prefixed with `_`; a Java keyword or literal gets a `_`
/// suffix (`R.string.class` does not compile). Case is kept. The mapping is not
/// one-to-one: ``AndroidResourceNames`` reports collisions.
enum AndroidResourceName {
    static func name(for key: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(key.utf8.count + 1)
        for scalar in key.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_": bytes.append(UInt8(scalar.value))
            default: bytes.append(UInt8(ascii: "_"))
            }
        }
        if bytes.first.map({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) ?? true {
            bytes.insert(UInt8(ascii: "_"), at: 0)
        }
        let name = String(decoding: bytes, as: UTF8.self)
        return javaReserved.contains(name) ? name + "_" : name
    }

    /// Java's keywords and literals, which cannot be field names in `R`.
    static let javaReserved: Set<String> = [
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const",
        "continue", "default", "do", "double", "else", "enum", "extends", "final", "finally", "float",
        "for", "goto", "if", "implements", "import", "instanceof", "int", "interface", "long", "native",
        "new", "package", "private", "protected", "public", "return", "short", "static", "strictfp",
        "super", "switch", "synchronized", "this", "throw", "throws", "transient", "try", "void",
        "volatile", "while", "true", "false", "null", "_",
    ]
}
