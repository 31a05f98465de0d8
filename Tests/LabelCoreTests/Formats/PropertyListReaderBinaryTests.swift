import Foundation
import TestSupport
import Testing
import LabelCore

/// `bplist00` reading against Foundation: files Foundation writes, every
/// truncation and single-byte corruption of them, and hand-made hostile files
/// (cycles, offsets and references out of range, duplicate keys).
struct PropertyListReaderBinaryTests {
    typealias Differential = PropertyListReaderDifferentialTests

    static var sample: [String: Any] { [
        "plain": "ASCII text", "umlaut": "Grüße 😀", "long": String(repeating: "x", count: 40),
        "numbers": [0, 1, 255, 256, 65_535, 65_536, -1, Int64.max, Int64.min, 4_294_967_296] as [Int64],
        "reals": [1.5, -0.25, 1e300], "flags": [true, false],
        "date": Date(timeIntervalSinceReferenceDate: 123_456_789), "data": Data([0, 1, 2, 250]),
        "nested": ["a": ["b": ["c": "d"]], "empty": [String: Any](), "list": [String]()],
        "many": (0..<20).map { "item \($0)" },
    ] }

    static func binary(_ value: Any) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
    }

    @Test func foundationsBinaryPlistsReadAsFoundationReadsThem() throws {
        for value in [Self.sample, ["k": "v"], ["one": ["two": "three"]], "top string", [1, 2, 3]] as [Any] {
            let data = try Self.binary(value)
            let ours = Differential.ours(data)
            #expect(ours != .unsupported && ours != .rejected)
            #expect(ours == Differential.foundation(data))
        }
    }

    @Test func everyTruncationFailsAsFoundationDoes() throws {
        let data = try Self.binary(Self.sample)
        for length in 0..<data.count {
            let truncated = data.prefix(length)
            let ours = Differential.ours(truncated)
            #expect(ours == .rejected || ours == .unsupported || ours == Differential.foundation(truncated), "length \(length)")
            if case .value = ours { Issue.record("a truncation to \(length) bytes was read") }
        }
    }

    @Test func singleByteCorruptionsReadOrFailAsFoundationDoes() throws {
        let data = try Self.binary(Self.sample)
        for position in 8..<data.count {
            for replacement: UInt8 in [0x00, 0xFF, data[position] &+ 1, data[position] ^ 0x80] {
                var corrupted = data
                corrupted[position] = replacement
                Differential.expectAgreement(corrupted, "byte \(position) = \(replacement)")
            }
        }
    }

    /// A `bplist00` with 1-byte offsets and references, objects as given.
    static func handMade(_ objects: [[UInt8]], top: UInt8 = 0, offsets: [UInt8]? = nil,
                         offsetSize: UInt8 = 1, referenceSize: UInt8 = 1, count: UInt64? = nil) -> Data {
        var bytes = Array("bplist00".utf8)
        var table: [UInt8] = []
        for object in objects {
            table.append(UInt8(bytes.count))
            bytes += object
        }
        let tableOffset = UInt64(bytes.count)
        bytes += offsets ?? table
        bytes += [0, 0, 0, 0, 0, 0, offsetSize, referenceSize]
        for value in [count ?? UInt64(objects.count), UInt64(top), tableOffset] {
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
        }
        return Data(bytes)
    }

    static let hostile: [(String, Data)] = [
        ("valid dictionary", handMade([[0xD1, 1, 2], [0x51, 0x6B], [0x51, 0x76]])),
        ("array containing itself", handMade([[0xA1, 0]])),
        ("dictionary value cycle", handMade([[0xD1, 1, 2], [0x51, 0x6B], [0xA1, 0]])),
        ("shared, not cyclic", handMade([[0xA2, 1, 1], [0x51, 0x76]])),
        ("reference out of range", handMade([[0xA1, 9]])),
        ("top out of range", handMade([[0x51, 0x76]], top: 3)),
        ("offset into the table", handMade([[0x51, 0x76]], offsets: [9])),
        ("offset before the header end", handMade([[0x51, 0x76]], offsets: [2])),
        ("object count too large", handMade([[0x51, 0x76]], count: 1 << 40)),
        ("offset size 0", handMade([[0x51, 0x76]], offsetSize: 0)),
        ("reference size 9", handMade([[0x51, 0x76]], referenceSize: 9)),
        ("string longer than the file", handMade([[0x5F, 0x10, 0xFF, 0x76]])),
        ("array count past the table", handMade([[0xAF, 0x13, 0x7F, 0xFF, 0xFF, 0xFF]])),
        ("non-string key", handMade([[0xD1, 1, 2], [0x10, 0x01], [0x51, 0x76]])),
        ("duplicate keys", handMade([[0xD2, 1, 1, 2, 3], [0x51, 0x6B], [0x51, 0x61], [0x51, 0x62]])),
        ("unpaired surrogate", handMade([[0x61, 0xD8, 0x00]])),
        ("UTF-16 string", handMade([[0x62, 0x00, 0xFC, 0xD8, 0x3D]])),
        ("empty UTF-16 string", handMade([[0xA1, 1], [0x60]])),
        ("not-a-number real", handMade([[0x23, 0x7F, 0xF8, 0, 0, 0, 0, 0, 0]])),
        ("non-ASCII in ASCII string", handMade([[0x51, 0xFC]])),
        ("null object", handMade([[0x00]])),
        ("UID object", handMade([[0x80, 0x01]])),
        ("16-byte integer", handMade([[0x14] + [UInt8](repeating: 1, count: 16)])),
        ("real of 2 bytes", handMade([[0x21, 0x00, 0x00]])),
        ("unknown marker", handMade([[0x71, 0x00]])),
        ("version 01", Data("bplist01".utf8) + handMade([[0x51, 0x76]]).dropFirst(8)),
        ("header only", Data("bplist00".utf8)),
        ("unused offset past the table", handMade([[0x51, 0x76]], offsets: [8, 200], count: 2)),
        ("unused offset into the header", handMade([[0x51, 0x76]], offsets: [8, 0], count: 2)),
        // Found by scripts/fuzz-plist.sh: Foundation refuses bytes between the offset table and the trailer.
        ("gap before the trailer", Data(base64Encoded: "YnBsaXN0MDDSAQIDBFFhoToFWGIQBwgNDxETFQAAAAAAAAAAfV8CEHP2AQEAAAAAAAAABgAAAAAAAAAAAAAAAAAAABc=")!),
    ]

    @Test(arguments: hostile.indices)
    func handMadeHostileFileReadsOrFailsAsFoundationDoes(index: Int) {
        let (label, data) = Self.hostile[index]
        Differential.expectAgreement(data, label)
    }

    @Test func cyclesAndBadOffsetsAreMalformedWithTheirPosition() throws {
        for data in [Self.handMade([[0xA1, 0]]), Self.handMade([[0xA1, 9]]), Self.handMade([[0x51, 0x76]], offsets: [8, 200], count: 2)] {
            do {
                _ = try PropertyListReader.read(data)
                Issue.record("read")
            } catch {
                guard case .malformed = error.reason else { Issue.record("\(error)"); continue }
                #expect(error.offset > 0 && error.offset < data.count)
            }
        }
    }
}
