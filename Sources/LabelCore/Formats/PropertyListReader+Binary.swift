/// The binary half of ``PropertyListReader``: `bplist00` as CoreFoundation writes it.
///
/// Every offset and count is checked against the input: objects must lie
/// between the header and the offset table, references must name existing
/// objects, and a collection containing itself (a cycle) is an error, as in
/// CoreFoundation. An object referenced twice is read once (memoized), so a
/// crafted file cannot make reading exponential. Null, fill, UID and 128-bit
/// integer objects, non-ASCII bytes in ASCII strings and unpaired UTF-16
/// surrogates, dictionary keys that are not strings and trailers with unusual
/// sizes are `unsupported` (left to Foundation). A repeated key keeps its
/// first value, as CoreFoundation's binary reader does.
struct BinaryPropertyListReader {
    private let bytes: UnsafeRawBufferPointer
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let topObject: Int
    private let tableOffset: Int
    private var values: [PropertyListValue?]
    private var open: [Bool]

    init(_ bytes: UnsafeRawBufferPointer) throws(PropertyListReadError) {
        self.bytes = bytes
        guard bytes.starts(with: "bplist00".utf8) else {
            throw PropertyListReadError(offset: 6, reason: .unsupported("binary plist version other than 00"))
        }
        // Too short for a trailer: CoreFoundation then tries its text parsers ("bplist00" alone is an old-style string).
        guard bytes.count >= 8 + 1 + 32 else { throw PropertyListReadError(offset: bytes.count, reason: .unsupported("too short")) }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = Self.bigEndian(bytes, at: trailer + 8, size: 8)
        let top = Self.bigEndian(bytes, at: trailer + 16, size: 8)
        let table = Self.bigEndian(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), count >= 1, top < count,
            table >= 9, table < UInt64(trailer), count <= UInt64(trailer - Int(table)) / UInt64(offsetSize),
            // CoreFoundation refuses a gap between the offset table and the trailer.
            Int(table) + Int(count) * offsetSize == trailer
        else { throw PropertyListReadError(offset: trailer, reason: .unsupported("trailer outside what the reader takes")) }
        objectCount = Int(count)
        topObject = Int(top)
        tableOffset = Int(table)
        values = Array(repeating: nil, count: objectCount)
        open = Array(repeating: false, count: objectCount)
        // Every offset, used or not, must lie before the offset table (CoreFoundation
        // means to check this too, but corelibs read such a file: see PropertyListValue.read).
        for number in 0..<objectCount
        where Self.bigEndian(bytes, at: tableOffset + number * offsetSize, size: offsetSize) >= UInt64(tableOffset) {
            throw PropertyListReadError(offset: tableOffset + number * offsetSize, reason: .malformed("object offset out of range"))
        }
    }

    mutating func readTop() throws(PropertyListReadError) -> PropertyListValue {
        try object(topObject, depth: 0)
    }

    private mutating func object(_ number: Int, depth: Int) throws(PropertyListReadError) -> PropertyListValue {
        guard number >= 0, number < objectCount else { throw malformed(tableOffset, "reference \(number) out of range") }
        if let value = values[number] { return value }
        guard !open[number] else { throw malformed(tableOffset, "object \(number) contains itself") }
        guard depth < PropertyListReader.maximumDepth else { throw unsupported(tableOffset, "nesting too deep") }
        let offset = Int(Self.bigEndian(bytes, at: tableOffset + number * offsetSize, size: offsetSize))
        // An offset into the header is odd but CoreFoundation reads what is there.
        guard offset >= 8 else { throw unsupported(tableOffset, "object offset inside the header") }
        open[number] = true
        let value = try decode(at: offset, depth: depth)
        open[number] = false
        values[number] = value
        return value
    }

    private mutating func decode(at offset: Int, depth: Int) throws(PropertyListReadError) -> PropertyListValue {
        let marker = bytes[offset]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            guard low == 8 || low == 9 else { throw unsupported(offset, "null or fill object") }
            return .boolean(low == 9)
        case 0x1:
            guard low <= 3 else { throw unsupported(offset, "integer of \(1 << low) bytes") }
            let raw = try fixed(offset + 1, size: 1 << low)
            return .integer(low == 3 ? Int64(bitPattern: raw) : Int64(raw))
        case 0x2:
            guard low == 2 || low == 3 else { throw malformed(offset, "real of \(1 << low) bytes") }
            let raw = try fixed(offset + 1, size: 1 << low)
            let value = low == 2 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw)
            guard value.isFinite else { throw unsupported(offset, "real that is not finite") }
            return .real(value)
        case 0x3:
            guard low == 3 else { throw malformed(offset, "date marker") }
            let value = Double(bitPattern: try fixed(offset + 1, size: 8))
            guard value.isFinite else { throw unsupported(offset, "date that is not finite") }
            return .date(value)
        case 0x4:
            let (start, length) = try extent(offset, unit: 1)
            return .data(Array(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)])))
        case 0x5, 0x6:
            return .string(try string(at: offset))
        case 0xA:
            let (start, count) = try extent(offset, unit: referenceSize)
            var elements: [PropertyListValue] = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                elements.append(try object(reference(start + index * referenceSize), depth: depth + 1))
            }
            return .array(elements)
        case 0xD:
            return try dictionary(at: offset, depth: depth)
        default:
            throw unsupported(offset, "object type 0x\(String(marker >> 4, radix: 16))")
        }
    }

    private mutating func dictionary(at offset: Int, depth: Int) throws(PropertyListReadError) -> PropertyListValue {
        let (start, count) = try extent(offset, unit: 2 * referenceSize)
        var entries: [String: PropertyListValue] = [:]
        entries.reserveCapacity(count)
        for index in 0..<count {
            let keyNumber = reference(start + index * referenceSize)
            guard case .string(let key) = try object(keyNumber, depth: depth + 1) else {
                throw unsupported(offset, "dictionary key is not a string")
            }
            let value = try object(reference(start + (count + index) * referenceSize), depth: depth + 1)
            // Unlike its XML reader, CoreFoundation's binary reader keeps a repeated key's first value.
            if entries[key] == nil { entries[key] = value }
        }
        return .dictionary(entries)
    }

    /// An ASCII (`0x5n`) or UTF-16 big-endian (`0x6n`) string object.
    private func string(at offset: Int) throws(PropertyListReadError) -> String {
        let isASCII = bytes[offset] >> 4 == 0x5
        let (start, count) = try extent(offset, unit: isASCII ? 1 : 2)
        if isASCII {
            let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)])
            guard !slice.contains(where: { $0 >= 0x80 }) else { throw unsupported(offset, "non-ASCII byte in an ASCII string") }
            return String(decoding: slice, as: UTF8.self)
        }
        // CoreFoundation refuses an empty UTF-16 string (it writes "" as ASCII).
        guard count > 0 else { throw malformed(offset, "empty UTF-16 string") }
        var units: [UInt16] = []
        units.reserveCapacity(count)
        for index in 0..<count {
            units.append(UInt16(bytes[start + 2 * index]) << 8 | UInt16(bytes[start + 2 * index + 1]))
        }
        guard let text = String(validating: units, as: UTF16.self) else {
            throw unsupported(offset, "unpaired UTF-16 surrogate")
        }
        return text
    }

    /// Where an object's payload starts and its element count, checked to fit
    /// before the offset table: the count is in the marker's low nibble, or
    /// (nibble 0xF) in an integer object that follows.
    private func extent(_ offset: Int, unit: Int) throws(PropertyListReadError) -> (start: Int, count: Int) {
        var count = Int(bytes[offset] & 0x0F)
        var start = offset + 1
        if count == 0x0F {
            guard start < tableOffset, bytes[start] >> 4 == 0x1, bytes[start] & 0x0F <= 3 else {
                throw malformed(offset, "invalid count")
            }
            let size = 1 << Int(bytes[start] & 0x0F)
            let raw = try fixed(start + 1, size: size)
            guard raw <= UInt64(tableOffset) else { throw malformed(offset, "count out of range") }
            count = Int(raw)
            start += 1 + size
        }
        guard count <= (tableOffset - start) / unit else { throw malformed(offset, "object runs past the object table") }
        return (start, count)
    }

    private func fixed(_ offset: Int, size: Int) throws(PropertyListReadError) -> UInt64 {
        guard offset + size <= tableOffset else { throw malformed(offset, "object runs past the object table") }
        return Self.bigEndian(bytes, at: offset, size: size)
    }

    private func reference(_ offset: Int) -> Int {
        Int(truncatingIfNeeded: Self.bigEndian(bytes, at: offset, size: referenceSize))
    }

    private static func bigEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    private func malformed(_ offset: Int, _ message: String) -> PropertyListReadError {
        PropertyListReadError(offset: offset, reason: .malformed(message))
    }

    private func unsupported(_ offset: Int, _ message: String) -> PropertyListReadError {
        PropertyListReadError(offset: offset, reason: .unsupported(message))
    }
}
