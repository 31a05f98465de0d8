public import Foundation

/// Reads XML (`<plist>`) and binary (`bplist00`) property lists, the forms
/// `.stringsdict` files and compiled `.strings` files take, without Foundation.
///
/// A pure function from bytes to ``PropertyListValue``. Its scope is what
/// Apple's tools write: UTF-8 XML and `bplist00`. It accepts only input that
/// Foundation's `PropertyListSerialization` accepts with the same value (a
/// differential test and a fuzz target check this); whatever it is unsure
/// of, it refuses with ``PropertyListReadError/Reason/unsupported(_:)`` so the
/// caller can ask Foundation, which then decides, with Foundation's message.
public enum PropertyListReader {
    /// Nesting deeper than this is left to Foundation (no recursion blow-up here).
    static let maximumDepth = 256

    /// Reads a whole property list.
    public static func read(_ data: Data) throws(PropertyListReadError) -> PropertyListValue {
        let result: Result<PropertyListValue, PropertyListReadError> = data.withUnsafeBytes { bytes in
            do throws(PropertyListReadError) {
                return .success(try read(bytes))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Reads a whole property list from bytes in memory.
    public static func read(_ bytes: UnsafeRawBufferPointer) throws(PropertyListReadError) -> PropertyListValue {
        if bytes.starts(with: "bplist".utf8) {
            var reader = try BinaryPropertyListReader(bytes)
            return try reader.readTop()
        }
        var scanner = XMLPropertyListScanner(bytes)
        return try scanner.readDocument()
    }
}
