import Foundation
import Testing
import TestSupport
@testable import LabelCore

/// The readers built on ``JSONCursor`` against what wrote the text: seeded random JSON
/// (every escape form, surrogate pairs, numbers, literals, nesting, random whitespace)
/// is read by `JSONDocument` as the value, member order and raw string text written,
/// with the values `JSONSerialization` reads, and ``JSONKeyLocator`` finds every key
/// where it was written. (The catalog reader is held to `JSONDecoder` by
/// `StringCatalogDocumentReaderTests`.)
@Suite struct JSONCursorDifferentialTests {
    /// Writes random JSON and remembers the value, raw strings and key offsets it wrote.
    struct Writer {
        var random: SeededGenerator
        var text: [UInt8] = []
        var keyOffsets: [[String]: Int] = [:]

        mutating func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }

        mutating func space() {
            for _ in 0..<pick(3) { text.append([0x20, 0x0A, 0x09, 0x0D][pick(4)]) }
        }

        /// Raw pieces and what each decodes to.
        static let pieces: [(raw: String, text: String)] = [
            ("a", "a"), ("key", "key"), (" ", " "), ("é", "é"), ("€", "€"), ("😀", "😀"), ("%lld", "%lld"),
            (#"\""#, "\""), (#"\\"#, "\\"), (#"\/"#, "/"), (#"\b"#, "\u{08}"), (#"\f"#, "\u{0C}"), (#"\n"#, "\n"),
            (#"\r"#, "\r"), (#"\t"#, "\t"), (#"\u00e9"#, "é"), (#"\u20AC"#, "€"), (#"\uD83D\uDE00"#, "😀"),
            (#"\ud83d\ude00"#, "😀"), (#"\u0000"#, "\u{0}"), (#"\u006B"#, "k"),
        ]

        mutating func string() -> (text: String, raw: String) {
            var raw = "", decoded = ""
            for _ in 0..<pick(6) {
                let piece = Self.pieces[pick(Self.pieces.count)]
                raw += piece.raw
                decoded += piece.text
            }
            text.append(UInt8(ascii: "\""))
            text += raw.utf8
            text.append(UInt8(ascii: "\""))
            return (decoded, raw)
        }

        static let numbers = ["0", "-0", "7", "-12", "123456789", "2.5", "-0.125", "1e3", "1E-2", "6.02e+23", "9007199254740991"]

        mutating func value(_ path: [String], depth: Int) -> JSONDocument {
            space()
            defer { space() }
            switch pick(depth > 3 ? 5 : 7) {
            case 0, 1:
                let (decoded, raw) = string()
                return .string(decoded, raw: raw)
            case 2:
                let number = Self.numbers[pick(Self.numbers.count)]
                text += number.utf8
                return .number(number)
            case 3:
                let flag = pick(2) == 0
                text += (flag ? "true" : "false").utf8
                return .bool(flag)
            case 4:
                text += "null".utf8
                return .null
            case 5: return array(path, depth: depth)
            default: return object(path, depth: depth)
            }
        }

        mutating func array(_ path: [String], depth: Int) -> JSONDocument {
            text.append(UInt8(ascii: "["))
            space()
            var elements: [JSONDocument] = []
            for index in 0..<pick(4) {
                if index > 0 { text.append(UInt8(ascii: ",")) }
                elements.append(value(path + [String(index)], depth: depth + 1))
            }
            text.append(UInt8(ascii: "]"))
            return .array(elements)
        }

        mutating func object(_ path: [String], depth: Int) -> JSONDocument {
            text.append(UInt8(ascii: "{"))
            space()
            var members: [JSONDocument.Member] = []
            var names: Set<String> = []
            for _ in 0..<pick(5) {
                let restart = text.count
                if !members.isEmpty { text.append(UInt8(ascii: ",")) }
                space()
                let offset = text.count
                let (key, _) = string()
                guard names.insert(key).inserted else {  // a repeated name: its text is dropped
                    text.removeSubrange(restart...)
                    continue
                }
                keyOffsets[path + [key]] = offset
                space()
                text.append(UInt8(ascii: ":"))
                members.append(JSONDocument.Member(key: key, value: value(path + [key], depth: depth + 1)))
            }
            text.append(UInt8(ascii: "}"))
            return .object(members)
        }
    }

    /// Whether `value` is what `JSONSerialization` read as `foundation`.
    static func matches(_ value: JSONDocument, _ foundation: Any) -> Bool {
        switch value {
        case .string(let text, _): return foundation as? String == text
        case .number(let raw): return (foundation as? NSNumber)?.doubleValue == Double(raw)
        case .bool(let flag): return (foundation as? Bool) == flag
        case .null: return foundation is NSNull
        case .array(let elements):
            guard let array = foundation as? [Any], array.count == elements.count else { return false }
            return zip(elements, array).allSatisfy { matches($0, $1) }
        case .object(let members):
            guard let object = foundation as? [String: Any], object.count == members.count else { return false }
            return members.allSatisfy { member in object[member.key].map { matches(member.value, $0) } ?? false }
        }
    }

    /// The raw text of every string, in document order (keys are not kept raw).
    static func rawStrings(_ value: JSONDocument) -> [String] {
        switch value {
        case .string(_, let raw): [raw ?? ""]
        case .array(let elements): elements.flatMap(rawStrings)
        case .object(let members): members.flatMap { rawStrings($0.value) }
        default: []
        }
    }

    @Test func randomJSONIsReadAsWrittenByTheDocumentAndTheLocatorAndAsFoundationReadsIt() throws {
        for seed in UInt64(0)..<300 {
            var writer = Writer(random: SeededGenerator(seed: seed))
            let written = writer.object([], depth: 0)
            let data = Data(writer.text)
            let read = try JSONDocument.read(writer.text)
            #expect(read == written, "seed \(seed)")
            #expect(Self.rawStrings(read) == Self.rawStrings(written), "seed \(seed)")
            #expect(Self.matches(read, try JSONSerialization.jsonObject(with: data)), "seed \(seed)")
            #expect(JSONKeyLocator.keyOffsets(in: data) == writer.keyOffsets, "seed \(seed)")
        }
    }

    @Test func aRepeatedKeyIsRefusedByTheDocumentAndLocatedAtItsLastPlace() throws {
        let text = #"{"a" : 1, "b" : {"c" : [{"d" : 2}]}, "a" : 3}"#
        #expect(throws: JSONDocument.ReadError.self) { try JSONDocument.read(Array(text.utf8)) }
        let offsets = JSONKeyLocator.keyOffsets(in: Data(text.utf8))
        #expect(offsets == [["a"]: 37, ["b"]: 10, ["b", "c"]: 17, ["b", "c", "0", "d"]: 25])
    }
}
