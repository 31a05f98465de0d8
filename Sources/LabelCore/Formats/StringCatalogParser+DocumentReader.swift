package import Foundation

extension StringCatalogParser {
    /// Whether ``DocumentReader`` reads `data` itself, without `JSONDecoder`: for the
    /// android fuzzer's check that `JSONSerialization` accepts whatever it reads.
    package static func fastReaderReads(_ data: Data) -> Bool {
        DocumentReader.document(in: data) != nil
    }

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
        /// Any failure: the caller then asks Foundation.
        private typealias GiveUp = JSONCursor.Failure

        /// Deepest nesting of decoded objects read here; deeper catalogs go to `JSONDecoder`.
        private static let maximumDepth = 64

        private var cursor: JSONCursor
        private var depth = 0
        /// Whether the object entered last has no member yet (no comma may come first).
        private var atFirstMember = false

        private init(bytes: UnsafeRawBufferPointer) {
            self.cursor = JSONCursor(bytes)
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
                    guard sourceLanguage == nil else { throw giveUp }
                    sourceLanguage = try readString()
                case "version":
                    guard version == nil else { throw giveUp }
                    version = try readString()
                case "strings":
                    guard strings == nil else { throw giveUp }
                    strings = try readDictionary { (reader: inout DocumentReader) throws(GiveUp) in try reader.readEntry() }
                default: try skipValue()
                }
            }
            cursor.skipWhitespace()
            guard cursor.isAtEnd else { throw giveUp }  // only whitespace may follow
            guard let sourceLanguage, let version else { throw giveUp }
            return Document(sourceLanguage: sourceLanguage, version: version, strings: strings)
        }

        private mutating func readEntry() throws(GiveUp) -> Entry {
            var localizations: [String: Localization]?
            var comment: String?
            try beginObject()
            while let key = try nextKey() {
                if key == "localizations" {
                    guard localizations == nil else { throw giveUp }
                    localizations = try readDictionary { (reader: inout DocumentReader) throws(GiveUp) in try reader.readLocalization() }
                } else if key == "comment" {
                    // Not a string, or twice: Foundation decides (it ignores what is not a string).
                    guard comment == nil else { throw giveUp }
                    comment = try readString()
                } else {
                    try skipValue()
                }
            }
            return Entry(localizations: localizations, comment: comment)
        }

        private mutating func readLocalization() throws(GiveUp) -> Localization {
            var localization = Localization()
            try beginObject()
            while let key = try nextKey() {
                switch key {
                case "stringUnit":
                    guard localization.stringUnit == nil else { throw giveUp }
                    localization.stringUnit = try readStringUnit()
                case "variations":
                    guard localization.variations == nil else { throw giveUp }
                    localization.variations = try readVariations()
                case "substitutions":
                    guard localization.substitutions == nil else { throw giveUp }
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
                    guard unit.state == nil else { throw giveUp }
                    unit.state = try readString()
                case "value":
                    guard unit.value == nil else { throw giveUp }
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
                    guard variations.plural == nil else { throw giveUp }
                    variations.plural = try readDictionary { (reader: inout DocumentReader) throws(GiveUp) in try reader.readLocalization() }
                case "device":
                    guard variations.device == nil else { throw giveUp }
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
                    guard substitution.argNum == nil else { throw giveUp }
                    substitution.argNum = try readInteger()
                case "formatSpecifier":
                    guard substitution.formatSpecifier == nil else { throw giveUp }
                    substitution.formatSpecifier = try readString()
                case "variations":
                    guard substitution.variations == nil else { throw giveUp }
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
                guard dictionary.updateValue(value, forKey: key) == nil else { throw giveUp }
            }
            return dictionary
        }

        // MARK: JSON, through the cursor

        private var giveUp: GiveUp { cursor.failure(.declined) }

        /// Enters an object (anything else gives up).
        private mutating func beginObject() throws(GiveUp) {
            cursor.skipWhitespace()
            guard cursor.byte == UInt8(ascii: "{"), depth < Self.maximumDepth else { throw giveUp }
            cursor.position += 1
            depth += 1
            atFirstMember = true
        }

        /// The next key of the object entered last, positioned at its value; `nil` at its end.
        /// Members are separated by exactly one comma: none before the first, none after the last.
        private mutating func nextKey() throws(GiveUp) -> String? {
            cursor.skipWhitespace()
            if cursor.consume(UInt8(ascii: "}")) {
                depth -= 1
                atFirstMember = false  // back in the enclosing object, just after a member's value
                return nil
            }
            if atFirstMember {
                atFirstMember = false
            } else {
                guard cursor.consume(UInt8(ascii: ",")) else { throw giveUp }
            }
            let key = try readString()
            cursor.skipWhitespace()
            guard cursor.consume(UInt8(ascii: ":")) else { throw giveUp }
            return key
        }

        /// A string value, escapes decoded; gives up on anything else.
        @inline(__always)
        private mutating func readString() throws(GiveUp) -> String {
            cursor.skipWhitespace()
            return try cursor.readString()
        }

        /// An integer written without fraction or exponent that fits `Int`; gives up on anything else.
        private mutating func readInteger() throws(GiveUp) -> Int {
            cursor.skipWhitespace()
            let text = try cursor.scanNumber()
            var value = 0
            let negative = cursor.bytes[text.lowerBound] == UInt8(ascii: "-")
            for index in (negative ? text.lowerBound + 1 : text.lowerBound)..<text.upperBound {
                let byte = cursor.bytes[index]
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { throw giveUp }  // a fraction or exponent
                let digit = Int(byte - UInt8(ascii: "0"))
                let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
                guard !overflow, !overflow2 else { throw giveUp }
                value = sum
            }
            return value
        }

        /// Skips one value of any kind, checked as strictly as `JSONSerialization` checks it.
        private mutating func skipValue() throws(GiveUp) {
            try cursor.skipValue(depth: depth, maximumDepth: Self.maximumDepth)
        }
    }
}
