package import Foundation

/// Finds where each object key of a JSON document is written.
///
/// Foundation's JSON readers return values without positions; String Catalog
/// warnings and type errors use this to point at the key concerned. It expects
/// JSON that has already been validated and stops quietly on anything else.
package enum JSONKeyLocator {
    /// Byte offset of the opening quote of each object key, by key path
    /// (`["strings", "myPlural", "localizations", "en"]`); array elements add
    /// their index (`"0"`). A duplicate key keeps its last position, as the
    /// last value wins.
    package static func keyOffsets(in data: Data) -> [[String]: Int] {
        let bytes = [UInt8](data)
        var offsets: [[String]: Int] = [:]
        var path: [String] = []
        // Per open container: is it an object, and does an object expect a key next.
        var isObject: [Bool] = []
        var expectsKey = false
        var arrayIndices: [Int] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"):
                isObject.append(true)
                path.append("")
                expectsKey = true
                index += 1
            case UInt8(ascii: "["):
                isObject.append(false)
                arrayIndices.append(0)
                path.append("0")
                expectsKey = false
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if isObject.popLast() == false { _ = arrayIndices.popLast() }
                _ = path.popLast()
                expectsKey = false
                index += 1
            case UInt8(ascii: ","):
                if isObject.last == true {
                    expectsKey = true
                } else if !arrayIndices.isEmpty {
                    arrayIndices[arrayIndices.count - 1] += 1
                    path[path.count - 1] = String(arrayIndices[arrayIndices.count - 1])
                }
                index += 1
            case UInt8(ascii: ":"):
                expectsKey = false
                index += 1
            case UInt8(ascii: "\""):
                guard let (text, end) = string(in: bytes, at: index) else { return offsets }
                if expectsKey, isObject.last == true, !path.isEmpty {
                    path[path.count - 1] = text
                    offsets[path] = index
                }
                index = end
            default:
                index += 1
            }
        }
        return offsets
    }

    /// The decoded string whose opening quote is at `start`, and the index past
    /// its closing quote.
    private static func string(in bytes: [UInt8], at start: Int) -> (String, Int)? {
        var utf8: [UInt8] = []
        var index = start + 1
        var pendingHighSurrogate: UInt32?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                return (String(decoding: utf8, as: UTF8.self), index + 1)
            }
            guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                utf8.append(byte)
                index += 1
                continue
            }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "u"):
                guard index + 4 <= bytes.count,
                    let unit = JSONStringEscape.codeUnit(bytes[index], bytes[index + 1], bytes[index + 2], bytes[index + 3]).map(UInt32.init)
                else { return nil }
                index += 4
                var value = unit
                if (0xD800...0xDBFF).contains(unit) {
                    pendingHighSurrogate = unit
                    continue
                }
                if (0xDC00...0xDFFF).contains(unit), let high = pendingHighSurrogate {
                    value = JSONStringEscape.scalarValue(high: high, low: unit)
                }
                pendingHighSurrogate = nil
                if let scalar = Unicode.Scalar(value) { utf8.append(contentsOf: Array(String(scalar).utf8)) }
            default: utf8.append(JSONStringEscape.character(escape) ?? escape)  // an unknown escape as its character
            }
        }
        return nil
    }
}
