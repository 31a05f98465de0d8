/// The names of the temporary files ``AtomicFile`` writes beside a file before renaming
/// them over it: `.<name>.label-server-tmp-<16 hex digits>`.
///
/// Hidden (a leading dot), so no reader of the store takes one for a table, and
/// unpredictable (64 bits from `SystemRandomNumberGenerator`), so nobody can plant a link
/// at the name a write will use. ``isTemporary(_:)`` recognises them, and the
/// `<file>.tmp-<pid>` names earlier versions left behind, for the sweep of an interrupted
/// run's leftovers.
package enum TemporaryName {
    static let marker = ".label-server-tmp-"
    static let randomDigits = 16
    /// A file name is at most 255 bytes (NAME_MAX); the file's own name is cut to this
    /// many bytes so that a temporary name is never too long.
    static let maximumBaseBytes = 200

    /// A fresh temporary name for a file named `name`.
    @Sendable package static func random(for name: String) -> String {
        var generator = SystemRandomNumberGenerator()
        return named(name, value: generator.next())
    }

    static func named(_ name: String, value: UInt64) -> String {
        var base = Substring(name)
        while base.utf8.count > maximumBaseBytes { base = base.dropLast() }
        let hex = String(value, radix: 16)
        return "." + base + marker + String(repeating: "0", count: randomDigits - hex.count) + hex
    }

    /// Whether `name` is a temporary file of this project: `.<name>.label-server-tmp-<hex>`,
    /// or `<table>.strings|stringsdict|xcstrings.tmp-<digits>` (earlier versions' names).
    package static func isTemporary(_ name: String) -> Bool {
        isCurrent(name) || isLegacy(name)
    }

    private static func isCurrent(_ name: String) -> Bool {
        let bytes = Array(name.utf8), marker = Array(marker.utf8)
        guard bytes.count > 1 + marker.count + randomDigits, bytes[0] == UInt8(ascii: ".") else { return false }
        return bytes.suffix(randomDigits).allSatisfy(isHexDigit)
            && bytes.dropLast(randomDigits).suffix(marker.count).elementsEqual(marker)
    }

    private static func isLegacy(_ name: String) -> Bool {
        guard let dash = name.lastIndex(of: "-") else { return false }
        let digits = name[name.index(after: dash)...]
        let prefix = name[..<dash]
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), prefix.hasSuffix(".tmp") else { return false }
        let file = prefix.dropLast(".tmp".count)
        return [".strings", ".stringsdict", ".xcstrings"].contains { file.hasSuffix($0) && file.count > $0.count }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)
    }
}
