/// Why ``PropertyListReader`` did not read a property list, and where.
public struct PropertyListReadError: Error, Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// The bytes break the format (truncated binary, an offset out of range,
        /// a cycle, a tag that does not close, invalid UTF-8).
        case malformed(String)
        /// Valid or not, the input uses something outside the reader's scope
        /// (UTF-16 XML, an internal DTD subset, a 128-bit integer, a UID): the
        /// caller hands such input to Foundation.
        case unsupported(String)
    }

    /// Byte offset in the input where reading stopped.
    public var offset: Int
    public var reason: Reason

    public init(offset: Int, reason: Reason) {
        self.offset = offset
        self.reason = reason
    }
}
