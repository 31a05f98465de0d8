import Foundation

extension StringCatalogParser {
    /// Reads a ``Document`` straight from the bytes, or gives up (`nil`) wherever
    /// `JSONSerialization` or `JSONDecoder` might decide otherwise: anything that is not
    /// strict JSON (a missing or trailing comma, a control character or unknown escape in
    /// a string, a leading zero, a long number, trailing bytes), a value of another type,
    /// `null`, a number that is not a plain integer, a key a decoded object repeats
    /// (`JSONDecoder` keeps the first, `JSONSerialization` the last), a lone surrogate,
    /// bytes that are not UTF-8, another encoding, deep nesting. The caller then checks
    /// with `JSONSerialization` and decodes with `JSONDecoder`, which report or decide
    /// exactly as before. So a document read here is one both would have accepted, and
    /// every value, skipped ones too, is checked as strictly as they check it.
    ///
    /// Why: for the first catalog of a process `JSONDecoder` instantiates generic metadata
    /// and scans protocol conformances. Kept for the cold-start row (1.3× raw SwiftNIO's,
    /// `Benchmarks/README.md`): without this reader `serve` on the bundled store takes
    /// longer to its first 200, as it would without the number-symbols table or with a
    /// Foundation log timestamp. Measure with
    /// `Benchmarks/cold-start-instructions.sh BINARY` (and `Benchmarks/cold-start.sh` on a
    /// quiet machine).
    struct DocumentReader {
        private struct GiveUp: Error {}

        /// Deepest nesting of decoded objects read here; deeper catalogs go to `JSONDecoder`.
        private static let maximumDepth = 64

        private let bytes: UnsafeRawBufferPointer
        private var position = 0
        private var depth = 0
        /// Whether the object entered last has no member yet (no comma may come first).
        private var atFirstMember = false

        private init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        /// The document, or `nil` when `JSONDecoder` has to decide (see the type's documentation).
        static func document(in data: Data) -> Document? {
            data.withUnsafeBytes { bytes in
                var reader = DocumentReader(bytes: bytes)
                return try? reader.readDocument()
            }
        }

        // MARK: The schema

        private mutating func readDocument() throws(GiveUp) -> Document {
            var sourceLanguage: String?
            var version: String?
            var strings: [String: Entry]?
            try beginObject()
            while let key = try nextKey() {
                switch key {
                case "sourceLanguage":
                    guard sourceLanguage == nil else { throw GiveUp() }
                    sourceLanguage = try readString()
                case "version":
                    guard version == nil else { throw GiveUp() }
                    version = try readString()
                case "strings":
                    guard strings == nil else { throw GiveUp() }
                    strings = try readDictionary { (reader: inout DocumentReader) throws(GiveUp) in try reader.readEntry() }
                default: try skipValue()
                }
            }
            skipWhitespace()
            guard position == bytes.count else { throw GiveUp() }  // only whitespace may follow
            guard let sourceLanguage, let version else { throw GiveUp() }
            return Document(sourceLanguage: sourceLanguage, version: version, strings: strings)
        }

        private mutating func readEntry() throws(GiveUp) -> Entry {
            var localizations: [String: Localization]?
            try beginObject()
            while let key = try nextKey() {
                if key == "localizations" {
                    guard localizations == nil else { throw GiveUp() }
                    localizations = try readDictionary { (reader: inout DocumentReader) throws(GiveUp) in try reader.readLocalization() }
                } else {
                    try skipValue()
                }
            }
            return Entry(localizations: localizations)
        }

        private mutating func readLocalization() throws(GiveUp) -> Localization {
            var localization = Localization()
            try beginObject()
            while let key = try nextKey() {
                switch key {
                case "stringUnit":
                    guard localization.stringUnit == nil else { throw GiveUp() }
                    localization.stringUnit = try readStringUnit()
                case "variations":
                    guard localization.variations == nil else { throw GiveUp() }
                    localization.variations = try readVariations()
                case "substitutions":
                    guard localization.substitutions == nil else { throw GiveUp() }
                    localization.substitutions = try readDictionary { (reader: inout DocumentReader) throws(GiveUp) in try reader.readSubstitution() }
                default: try skipValue()
                }
            }
            return localization
        }

        private mutating func readStringUnit() throws(GiveUp) -> StringUnit {
            var unit = StringUnit()
            try beginObject()
            while let key = try nextKey() {
                switch key {
                case "state":
                    guard unit.state == nil else { throw GiveUp() }
                    unit.state = try readString()
                case "value":
                    guard unit.value == nil else { throw GiveUp() }
                    unit.value = try readString()
                default: try skipValue()
                }
            }
            return unit
        }

        private mutating func readVariations() throws(GiveUp) -> Variations {
            var variations = Variations()
            try beginObject()
            while let key = try nextKey() {
                switch key {
                case "plural":
                    guard variations.plural == nil else { throw GiveUp() }
                    variations.plural = try readDictionary { (reader: inout DocumentReader) throws(GiveUp) in try reader.readLocalization() }
                case "device":
                    guard variations.device == nil else { throw GiveUp() }
                    variations.device = try readDictionary { (reader: inout DocumentReader) throws(GiveUp) in try reader.readLocalization() }
                default: try skipValue()
                }
            }
            return variations
        }

        private mutating func readSubstitution() throws(GiveUp) -> Substitution {
            var substitution = Substitution()
            try beginObject()
            while let key = try nextKey() {
                switch key {
                case "argNum":
                    guard substitution.argNum == nil else { throw GiveUp() }
                    substitution.argNum = try readInteger()
                case "formatSpecifier":
                    guard substitution.formatSpecifier == nil else { throw GiveUp() }
                    substitution.formatSpecifier = try readString()
                case "variations":
                    guard substitution.variations == nil else { throw GiveUp() }
                    substitution.variations = try readVariations()
                default: try skipValue()
                }
            }
            return substitution
        }

        /// An object read as a dictionary; a repeated key gives up.
        private mutating func readDictionary<Value>(
            _ read: (inout DocumentReader) throws(GiveUp) -> Value
        ) throws(GiveUp) -> [String: Value] {
            var dictionary: [String: Value] = [:]
            try beginObject()
            while let key = try nextKey() {
                let value = try read(&self)
                guard dictionary.updateValue(value, forKey: key) == nil else { throw GiveUp() }
            }
            return dictionary
        }

        // MARK: JSON, known to be valid

        private var byte: UInt8 { position < bytes.count ? bytes[position] : 0 }

        private mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }

        /// Enters an object (anything else gives up).
        private mutating func beginObject() throws(GiveUp) {
            skipWhitespace()
            guard byte == UInt8(ascii: "{"), depth < Self.maximumDepth else { throw GiveUp() }
            position += 1
            depth += 1
            atFirstMember = true
        }

        /// The next key of the object entered last, positioned at its value; `nil` at its end.
        /// Members are separated by exactly one comma: none before the first, none after the last.
        private mutating func nextKey() throws(GiveUp) -> String? {
            skipWhitespace()
            if byte == UInt8(ascii: "}") {
                position += 1
                depth -= 1
                atFirstMember = false  // back in the enclosing object, just after a member's value
                return nil
            }
            if atFirstMember {
                atFirstMember = false
            } else {
                guard byte == UInt8(ascii: ",") else { throw GiveUp() }
                position += 1
            }
            let key = try readString()
            skipWhitespace()
            guard byte == UInt8(ascii: ":") else { throw GiveUp() }
            position += 1
            return key
        }

        /// A string value, escapes decoded; gives up on anything else.
        private mutating func readString() throws(GiveUp) -> String {
            skipWhitespace()
            guard byte == UInt8(ascii: "\"") else { throw GiveUp() }
            position += 1
            let start = position
            skipPlainCharacters()
            if byte == UInt8(ascii: "\"") {  // no escapes, the common case: no copy
                let string = String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                position += 1
                guard let string else { throw GiveUp() }
                return string
            }
            var text = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
            while byte == UInt8(ascii: "\\") {
                position += 1
                try appendEscape(to: &text)
                let run = position
                skipPlainCharacters()
                text.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[run..<position]))
            }
            guard byte == UInt8(ascii: "\""), let string = String(validating: text, as: UTF8.self) else { throw GiveUp() }
            position += 1
            return string
        }

        /// Skips a string without decoding it (a skipped field: `JSONDecoder` never reads
        /// it), checking it as `JSONSerialization` would: escapes, surrogates and UTF-8.
        private mutating func skipString() throws(GiveUp) {
            guard byte == UInt8(ascii: "\"") else { throw GiveUp() }
            position += 1
            var scratch: [UInt8] = []
            while true {
                let run = position
                skipPlainCharacters()
                if bytes[run..<position].contains(where: { $0 >= 0x80 }),
                   String(validating: UnsafeRawBufferPointer(rebasing: bytes[run..<position]), as: UTF8.self) == nil {
                    throw GiveUp()
                }
                guard byte == UInt8(ascii: "\\") else { break }
                position += 1
                scratch.removeAll(keepingCapacity: true)
                try appendEscape(to: &scratch)
            }
            guard byte == UInt8(ascii: "\"") else { throw GiveUp() }  // a control character or the end
            position += 1
        }

        /// Up to the next `"`, `\`, control character (never plain in JSON) or the end.
        private mutating func skipPlainCharacters() {
            while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\"),
                  bytes[position] >= 0x20 {
                position += 1
            }
        }

        /// The character of the escape after a backslash, as UTF-8.
        private mutating func appendEscape(to text: inout [UInt8]) throws(GiveUp) {
            let escape = byte
            position += 1
            if let character = JSONStringEscape.character(escape) {
                text.append(character)
                return
            }
            switch escape {
            case UInt8(ascii: "u"):
                var scalar = try readHex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard byte == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u")
                    else { throw GiveUp() }
                    position += 2
                    let low = try readHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw GiveUp() }
                    scalar = JSONStringEscape.scalarValue(high: scalar, low: low)
                }
                guard let character = Unicode.Scalar(scalar) else { throw GiveUp() }  // a lone low surrogate
                text.append(contentsOf: UTF8.encode(character)!)
            default: throw GiveUp()
            }
        }

        private mutating func readHex4() throws(GiveUp) -> UInt32 {
            guard position + 4 <= bytes.count,
                let unit = JSONStringEscape.codeUnit(bytes[position], bytes[position + 1], bytes[position + 2], bytes[position + 3])
            else { throw GiveUp() }
            position += 4
            return UInt32(unit)
        }

        /// An integer written without fraction or exponent that fits `Int`; gives up on anything else.
        private mutating func readInteger() throws(GiveUp) -> Int {
            skipWhitespace()
            let negative = byte == UInt8(ascii: "-")
            if negative { position += 1 }
            var value = 0
            var digits = 0
            // JSON has no leading zeros (`01`); `0` itself is fine.
            if byte == UInt8(ascii: "0"), position + 1 < bytes.count,
               (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position + 1]) {
                throw GiveUp()
            }
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                let digit = Int(bytes[position] - UInt8(ascii: "0"))
                let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
                guard !overflow, !overflow2 else { throw GiveUp() }
                value = sum
                digits += 1
                position += 1
            }
            guard digits > 0, byte != UInt8(ascii: "."), byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") else {
                throw GiveUp()
            }
            return value
        }

        /// Skips one value of any kind, checked as strictly as `JSONSerialization` checks it.
        private mutating func skipValue() throws(GiveUp) {
            skipWhitespace()
            switch byte {
            case UInt8(ascii: "\""): try skipString()
            case UInt8(ascii: "{"):
                guard depth < Self.maximumDepth else { throw GiveUp() }
                position += 1
                depth += 1
                atFirstMember = true
                while try nextKey() != nil { try skipValue() }
            case UInt8(ascii: "["):
                guard depth < Self.maximumDepth else { throw GiveUp() }
                position += 1
                depth += 1
                skipWhitespace()
                if byte != UInt8(ascii: "]") {
                    try skipValue()
                    skipWhitespace()
                    while byte == UInt8(ascii: ",") {
                        position += 1
                        try skipValue()
                        skipWhitespace()
                    }
                }
                guard byte == UInt8(ascii: "]") else { throw GiveUp() }
                position += 1
                depth -= 1
            case UInt8(ascii: "t"): try skipLiteral("true")
            case UInt8(ascii: "f"): try skipLiteral("false")
            case UInt8(ascii: "n"): try skipLiteral("null")
            default: try skipNumber()
            }
        }

        private mutating func skipLiteral(_ literal: StaticString) throws(GiveUp) {
            let count = literal.utf8CodeUnitCount
            guard position + count <= bytes.count,
                  UnsafeRawBufferPointer(start: literal.utf8Start, count: count).elementsEqual(bytes[position..<position + count]),
                  position + count == bytes.count || Self.endsScalar(bytes[position + count])
            else { throw GiveUp() }
            position += count
        }

        /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, at most 32 bytes (longer ones are
        /// left to `JSONSerialization`, whatever it makes of them), then a delimiter.
        private mutating func skipNumber() throws(GiveUp) {
            let start = position
            func digits(_ reader: inout DocumentReader) -> Int {
                let first = reader.position
                while reader.position < reader.bytes.count,
                      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(reader.bytes[reader.position]) {
                    reader.position += 1
                }
                return reader.position - first
            }
            if byte == UInt8(ascii: "-") { position += 1 }
            let integerStart = position
            guard digits(&self) > 0, bytes[integerStart] != UInt8(ascii: "0") || position == integerStart + 1 else { throw GiveUp() }
            if byte == UInt8(ascii: ".") {
                position += 1
                guard digits(&self) > 0 else { throw GiveUp() }
            }
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                position += 1
                if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { position += 1 }
                guard digits(&self) > 0 else { throw GiveUp() }
            }
            guard position - start <= 32, position == bytes.count || Self.endsScalar(bytes[position]) else { throw GiveUp() }
        }

        private static func endsScalar(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D: true
            default: false
            }
        }
    }
}
