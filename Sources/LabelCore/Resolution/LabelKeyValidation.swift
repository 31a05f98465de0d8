/// The rules every key taken from outside must pass: `GET /labels/{key}`,
/// `POST /missing` items, and entries read back from `missing.json`.
///
/// One place, so that a key the API refuses can never enter the missing-key
/// report by another door (a client report, an edited state file) and reach a
/// translator's CSV or `.strings` stub as raw control bytes.
package enum LabelKeyValidation {
    /// Longest key in Unicode scalars (openapi.yaml's `maxLength`).
    package static let maximumCharacters = 256

    /// Why `key` is refused, or nil when it is acceptable.
    ///
    /// Refused: empty; more than ``maximumCharacters`` scalars or
    /// `maximumBytes` UTF-8 bytes; NUL and the other C0 controls and DEL,
    /// except TAB, LF and CR, which real `.strings` keys contain (`"a\nb"`)
    /// and every renderer escapes or quotes.
    package static func problem(_ key: String, maximumBytes: Int) -> Problem? {
        guard !key.isEmpty else { return .empty }
        let bytes = key.utf8.count
        // A scalar takes at least one byte: scalars are only counted when bytes allow too many.
        if bytes > maximumBytes || bytes > maximumCharacters {
            let characters = key.unicodeScalars.count
            guard bytes <= maximumBytes, characters <= maximumCharacters else {
                return .tooLong(characters: characters, bytes: bytes)
            }
        }
        if let byte = firstRefusedControl(key) { return .controlCharacter(byte) }
        return nil
    }

    /// The first C0 control or DEL other than TAB, LF and CR, scanned over the UTF-8
    /// buffer (a `String.UTF8View` iterator costs more a byte; every label
    /// request pays this).
    private static func firstRefusedControl(_ key: String) -> UInt8? {
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8? {
            for byte in bytes where byte < 0x20 || byte == 0x7F {
                if byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
                return byte
            }
            return nil
        }
        if let found = key.utf8.withContiguousStorageIfAvailable(scan) { return found }
        var copy = key
        return copy.withUTF8(scan)
    }

    package enum Problem: Sendable, Hashable, CustomStringConvertible {
        case empty
        case tooLong(characters: Int, bytes: Int)
        case controlCharacter(UInt8)

        package var description: String {
            switch self {
            case .empty: "is empty"
            case .tooLong(let characters, let bytes):
                "is \(characters) characters (\(bytes) bytes); at most \(LabelKeyValidation.maximumCharacters) characters are accepted"
            case .controlCharacter(0): "contains a NUL byte"
            case .controlCharacter(let byte):
                "contains the control character U+\(String(byte, radix: 16, uppercase: true).leftPadded(4))"
            }
        }
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
