package import Foundation

/// Finds where each object key of a JSON document is written.
///
/// Foundation's JSON readers return values without positions; String Catalog
/// warnings and type errors use this to point at the key concerned. It walks the
/// document with ``JSONCursor``, expects JSON that has already been validated and
/// stops quietly on anything else, keeping the keys found so far. Containers nested
/// deeper than ``maximumDepth`` are stepped over without recursing, their keys not
/// recorded, so no input can exhaust the stack.
package enum JSONKeyLocator {
    /// How deep the walk recurses, as the String Catalog reader's bound.
    static let maximumDepth = 64

    /// Byte offset of the opening quote of each object key, by key path
    /// (`["strings", "myPlural", "localizations", "en"]`); array elements add
    /// their index (`"0"`). A duplicate key keeps its last position, as the
    /// last value wins.
    package static func keyOffsets(in data: Data) -> [[String]: Int] {
        data.withUnsafeBytes { bytes in
            var walk = Walk(cursor: JSONCursor(bytes, position: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0))
            try? walk.value()
            return walk.offsets
        }
    }

    /// The locator's policy over the shared cursor: every key recorded, a repeated one
    /// at its last position, nothing else checked beyond what the cursor checks.
    private struct Walk {
        var cursor: JSONCursor
        var offsets: [[String]: Int] = [:]
        var path: [String] = []

        mutating func value() throws(JSONCursor.Failure) {
            cursor.skipWhitespace()
            switch cursor.byte {
            case UInt8(ascii: "{"):
                try container(closing: UInt8(ascii: "}")) { (walk: inout Walk) throws(JSONCursor.Failure) in try walk.member() }
            case UInt8(ascii: "["):
                var index = 0
                try container(closing: UInt8(ascii: "]")) { (walk: inout Walk) throws(JSONCursor.Failure) in
                    walk.path[walk.path.count - 1] = String(index)
                    index += 1
                    try walk.value()
                }
            case UInt8(ascii: "\""): try cursor.skipString()
            case UInt8(ascii: "t"): try cursor.readLiteral("true")
            case UInt8(ascii: "f"): try cursor.readLiteral("false")
            case UInt8(ascii: "n"): try cursor.readLiteral("null")
            default: _ = try cursor.scanNumber()
            }
        }

        /// An object's or array's elements, each read by `element`, with one more path component.
        mutating func container(closing: UInt8, _ element: (inout Walk) throws(JSONCursor.Failure) -> Void) throws(JSONCursor.Failure) {
            guard path.count < JSONKeyLocator.maximumDepth else { return try skipNested() }
            cursor.position += 1
            path.append("0")
            defer { path.removeLast() }
            cursor.skipWhitespace()
            if cursor.consume(closing) { return }
            repeat {
                try element(&self)
                cursor.skipWhitespace()
            } while cursor.consume(UInt8(ascii: ","))
            guard cursor.consume(closing) else { throw cursor.failure(.unexpectedByte) }
        }

        /// Steps over the container at the position by counting brackets, strings
        /// skipped whole: no recursion, no key recorded.
        mutating func skipNested() throws(JSONCursor.Failure) {
            var open = 0
            repeat {
                switch cursor.byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    open += 1
                    cursor.position += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    open -= 1
                    cursor.position += 1
                case UInt8(ascii: "\""): try cursor.skipString()
                case _ where cursor.isAtEnd: throw cursor.failure(.unexpectedByte)
                default: cursor.position += 1
                }
            } while open > 0
        }

        /// One `"key": value` member, its key recorded at its opening quote.
        mutating func member() throws(JSONCursor.Failure) {
            cursor.skipWhitespace()
            let offset = cursor.position
            path[path.count - 1] = try cursor.readString()
            offsets[path] = offset
            cursor.skipWhitespace()
            guard cursor.consume(UInt8(ascii: ":")) else { throw cursor.failure(.unexpectedByte) }
            try value()
        }
    }
}
