/// The rules every key taken from outside must pass: `GET /labels/{key}`,
/// `POST /missing` items, and entries read back from `missing.json`.
///
/// One place, so that a key the API refuses can never enter the missing-key
/// report by another door (a client report, an edited state file) and reach a
/// translator's CSV or `.strings` stub as raw control bytes.
public enum LabelKeyValidation {
    /// Longest key in Unicode scalars (openapi.yaml's `maxLength`).
    public static let maximumCharacters = 256

    /// Why `key` is refused, or nil when it is acceptable.
    ///
    /// Refused: empty; more than ``maximumCharacters`` scalars or
    /// `maximumBytes` UTF-8 bytes; NUL and the other C0 controls and DEL,
    /// except TAB, LF and CR, which real `.strings` keys contain (`"a\nb"`)
    /// and every renderer escapes or quotes.
    public static func problem(_ key: String, maximumBytes: Int) -> Problem? {
        guard !key.isEmpty else { return .empty }
        let bytes = key.utf8.count
        // A scalar takes at least one byte: scalars are only counted when bytes allow too many.
        if bytes > maximumBytes || bytes > maximumCharacters {
            let characters = key.unicodeScalars.count
            guard bytes <= maximumBytes, characters <= maximumCharacters else {
                return .tooLong(characters: characters, bytes: bytes)
            }
        }
        // Over the contiguous bytes: walking `String.UTF8View` costs several times more per byte.
        let control = key.utf8.withContiguousStorageIfAvailable(firstControlByte) ?? firstControlByte(Array(key.utf8))
        return control.map { .controlCharacter($0) }
    }

    /// The first byte refused by ``problem(_:maximumBytes:)``, if any.
    private static func firstControlByte(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8? {
        for byte in bytes where byte < 0x20 || byte == 0x7F {
            if byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            return byte
        }
        return nil
    }

    private static func firstControlByte(_ bytes: [UInt8]) -> UInt8? {
        bytes.withUnsafeBufferPointer(firstControlByte)
    }

    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        case empty
        case tooLong(characters: Int, bytes: Int)
        case controlCharacter(UInt8)

        public var description: String {
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
