import LabelCore

/// The `Localizable` bundle of each store language, found from the raw query of an app's
/// launch (`GET /labels?lang=de`) without decoding it, making a `String` or hashing one.
///
/// A language is listed when its tag, as the store names it, is at most 8 bytes of
/// letters, digits and `-` and is what parsing it gives back (`de`, `pt-BR`, `zh-Hant`):
/// such bytes decode to themselves and hold no separator, so a query that is exactly
/// `lang=` and those bytes is read by ``QueryParameters`` as that language and nothing
/// else, and ``LabelBundles/slot(table:language:)`` finds this bundle for it. Any other
/// query finds nothing here and takes the general path. `LaunchSlotsTests` pins the two
/// as one, `BundleRevalidationTests` the answers' bytes.
struct LaunchSlots: Sendable {
    /// The tags' bytes packed little-endian (no tag byte is zero: distinct tags, distinct
    /// keys), sorted; ``slots`` in the same order.
    private let keys: [UInt64]
    private let slots: [BundleSlot]

    init(_ bundles: [(language: LanguageTag, slot: BundleSlot)]) {
        var listed: [(key: UInt64, slot: BundleSlot)] = []
        for (language, slot) in bundles where LanguageTag(language.rawValue)?.rawValue == language.rawValue {
            let bytes = Array(language.rawValue.utf8)
            guard bytes.allSatisfy(Self.isTagByte),
                  let key = bytes.withUnsafeBufferPointer({ Self.key($0, from: 0) }) else { continue }
            listed.append((key, slot))
        }
        listed.sort { $0.key < $1.key }
        keys = listed.map(\.key)
        slots = listed.map(\.slot)
    }

    /// The bundle for a query that is `lang=` and a listed tag's bytes; nil for any other.
    func slot(query: String?) -> BundleSlot? {
        guard !keys.isEmpty, var query else { return nil }
        let found: UInt64? = query.withUTF8 { bytes in
            guard bytes.count > 5, bytes[0] == UInt8(ascii: "l"), bytes[1] == UInt8(ascii: "a"),
                  bytes[2] == UInt8(ascii: "n"), bytes[3] == UInt8(ascii: "g"), bytes[4] == UInt8(ascii: "=")
            else { return nil }
            return Self.key(bytes, from: 5)
        }
        guard let key = found else { return nil }
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key ? slots[low] : nil
    }

    /// `bytes[from...]` packed little-endian, when they are 1 to 8 bytes.
    private static func key(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> UInt64? {
        let count = bytes.count - from
        guard count >= 1, count <= 8 else { return nil }
        var key: UInt64 = 0
        for index in 0..<count { key |= UInt64(bytes[from + index]) << (8 * index) }
        return key
    }

    private static func isTagByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}
