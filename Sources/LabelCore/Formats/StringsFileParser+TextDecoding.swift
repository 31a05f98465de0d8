import Foundation

extension StringsFileParser {
    /// Text decoded to UTF-16 code units, the form CoreFoundation parses.
    struct DecodedText {
        var units: [UInt16]
        var encoding: StringsFile.Encoding
        /// Set when UTF-16 text ends with an odd byte, which CF ignores.
        var droppedTrailingByte = false
    }

    /// Picks the encoding from the byte order mark (none means UTF-8) and decodes.
    ///
    /// The mark itself is dropped, as CoreFoundation drops it.
    static func decodeText(_ bytes: UnsafeRawBufferPointer, file: String) throws(StringsParseError) -> DecodedText {
        let count = bytes.count
        if count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE {
            return DecodedText(units: try decodeUTF16(bytes, bigEndian: false, file: file), encoding: .utf16LittleEndian,
                               droppedTrailingByte: count % 2 == 1)
        }
        if count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
            return DecodedText(units: try decodeUTF16(bytes, bigEndian: true, file: file), encoding: .utf16BigEndian,
                               droppedTrailingByte: count % 2 == 1)
        }
        if count >= 2, (bytes[0] == 0) != (bytes[1] == 0) {
            // ASCII text in UTF-16 without a mark: one of each pair is zero.
            throw StringsParseError(location: SourceLocation(file: file, line: 1, column: 1), reason: .utf16WithoutByteOrderMark)
        }
        let start = count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        return DecodedText(units: try decodeUTF8(bytes, from: start, file: file), encoding: .utf8)
    }

    private static func decodeUTF16(_ bytes: UnsafeRawBufferPointer, bigEndian: Bool, file: String) throws(StringsParseError) -> [UInt16] {
        let count = bytes.count
        var units: [UInt16] = []
        units.reserveCapacity(count / 2)
        var offset = 2
        var pendingHigh = false
        while offset + 1 < count {
            let first = UInt16(bytes[offset]), second = UInt16(bytes[offset + 1])
            let unit = bigEndian ? first << 8 | second : second << 8 | first
            let kind = unit & 0xFC00
            if pendingHigh != (kind == 0xDC00) {
                // A high surrogate not followed by a low one, or a low one alone.
                let badOffset = pendingHigh ? offset - 2 : offset
                throw error(.invalidUTF16(byteOffset: badOffset), units: units.dropLast(pendingHigh ? 1 : 0), file: file)
            }
            pendingHigh = kind == 0xD800
            units.append(unit)
            offset += 2
        }
        if pendingHigh {
            throw error(.invalidUTF16(byteOffset: offset - 2), units: units.dropLast(), file: file)
        }
        // An odd trailing byte (offset != count) is ignored, as CF ignores it; the
        // caller warns.
        return units
    }

    private static func decodeUTF8(_ bytes: UnsafeRawBufferPointer, from start: Int, file: String) throws(StringsParseError) -> [UInt16] {
        let count = bytes.count
        var units: [UInt16] = []
        units.reserveCapacity(count - start)
        var offset = start
        while offset < count {
            let lead = bytes[offset]
            if lead < 0x80 {
                units.append(UInt16(lead))
                offset += 1
                continue
            }
            // Ranges per the Unicode well-formed UTF-8 table (no overlongs, no
            // surrogates, nothing above U+10FFFF).
            var length = 0
            var scalar: UInt32 = 0
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2; scalar = UInt32(lead & 0x1F)
            case 0xE0: length = 3; scalar = 0; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3; scalar = UInt32(lead & 0x0F)
            case 0xED: length = 3; scalar = 0x0D; high = 0x9F
            case 0xF0: length = 4; scalar = 0; low = 0x90
            case 0xF1...0xF3: length = 4; scalar = UInt32(lead & 0x07)
            case 0xF4: length = 4; scalar = 4; high = 0x8F
            default:
                throw error(.invalidUTF8(byteOffset: offset), units: units[...], file: file)
            }
            for index in 1..<length {
                let position = offset + index
                guard position < count else {
                    throw error(.invalidUTF8(byteOffset: offset), units: units[...], file: file)
                }
                let byte = bytes[position]
                let (min, max) = index == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                guard byte >= min, byte <= max else {
                    throw error(.invalidUTF8(byteOffset: offset), units: units[...], file: file)
                }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            if scalar >= 0x10000 {
                let value = scalar - 0x10000
                units.append(UInt16(0xD800 | (value >> 10)))
                units.append(UInt16(0xDC00 | (value & 0x3FF)))
            } else {
                units.append(UInt16(scalar))
            }
            offset += length
        }
        return units
    }

    /// An error at the end of the text decoded so far, i.e. at the bad character.
    private static func error(_ reason: StringsParseError.Reason, units: ArraySlice<UInt16>, file: String) -> StringsParseError {
        let location = units.withUnsafeBufferPointer { buffer in
            var locator = StringsTextLocator(units: buffer, file: file)
            return locator.location(at: buffer.count)
        }
        return StringsParseError(location: location, reason: reason)
    }
}
