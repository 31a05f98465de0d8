/// An incremental RESP2 reply parser: bytes in (``append(_:)``), complete replies out
/// (``next()``), in order. Pure: no I/O, no clock.
///
/// Everything a server sends is bounded before it is buffered or allocated (``Limits``): a
/// bulk string or array is refused from its header, a line from its length, arrays from their
/// depth, and one reply from what it costs in all (its bytes plus a fixed cost per value, so
/// a flood of tiny elements is bounded too). A problem is a ``RESPParseError`` with its
/// reason and byte offset; once one is thrown the parser stays failed (the stream is out of
/// step, and the connection that owns it must close).
package struct RESPParser: Sendable {
    /// Bounds on what one reply may hold.
    package struct Limits: Sendable, Hashable {
        /// Largest bulk string, in bytes.
        package var maxBulkLength: Int
        /// Most elements of one array.
        package var maxArrayCount: Int
        /// Deepest nesting of arrays (1: an array of scalars).
        package var maxDepth: Int
        /// Longest line (simple string, error, integer, length), in bytes without its CRLF.
        package var maxLineLength: Int
        /// Largest cost of one reply: its bytes plus ``valueCost`` per value in it.
        package var maxReplyBytes: Int

        /// What each value costs on top of its bytes (roughly its size in memory).
        package static let valueCost = 32

        package init(maxBulkLength: Int = 8 << 20, maxArrayCount: Int = 1 << 20, maxDepth: Int = 8,
                     maxLineLength: Int = 64 << 10, maxReplyBytes: Int = 32 << 20) {
            self.maxBulkLength = max(0, maxBulkLength)
            self.maxArrayCount = max(0, maxArrayCount)
            self.maxDepth = max(1, maxDepth)
            self.maxLineLength = max(1, maxLineLength)
            self.maxReplyBytes = max(1, maxReplyBytes)
        }
    }

    private struct Frame {
        var remaining: Int
        var elements: [RESPValue]
    }

    private enum Step {
        case needMore
        case pushed
        case value(RESPValue)
    }

    package let limits: Limits
    private var buffer: [UInt8] = []
    /// The first byte of `buffer` not consumed yet.
    private var start = 0
    /// The stream offset of `buffer[0]`.
    private var base = 0
    /// Where the search for the current line's CR goes on from (it was not before).
    private var scanned = 0
    /// Arrays begun and not complete, innermost last.
    private var stack: [Frame] = []
    /// What the reply being parsed has cost so far.
    private var replyCost = 0
    private var failure: RESPParseError?

    package init(limits: Limits = .init()) { self.limits = limits }

    /// Bytes received and not yet consumed by a complete value.
    package var bufferedByteCount: Int { buffer.count - start }

    /// Whether a reply has begun and not ended (bytes buffered, or an array open).
    package var isMidReply: Bool { !stack.isEmpty || buffer.count > start }

    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
    }

    package mutating func append(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete reply, or nil until more bytes arrive.
    ///
    /// - Throws: the first problem in the stream; the same error again on every later call.
    package mutating func next() throws(RESPParseError) -> RESPValue? {
        if let failure { throw failure }
        do {
            return try step()
        } catch {
            failure = error
            buffer = []
            stack = []
            throw error
        }
    }

    private mutating func step() throws(RESPParseError) -> RESPValue? {
        while true {
            switch try parseOne() {
            case .needMore:
                compact()
                return nil
            case .pushed:
                continue
            case .value(var value):
                var complete = true
                while !stack.isEmpty {
                    let top = stack.count - 1
                    stack[top].elements.append(value)
                    stack[top].remaining -= 1
                    if stack[top].remaining > 0 {
                        complete = false
                        break
                    }
                    value = .array(stack.removeLast().elements)
                }
                if complete {
                    replyCost = 0
                    compact()
                    return value
                }
            }
        }
    }

    /// Parses one value's header (and a bulk string's body) at `start`.
    private mutating func parseOne() throws(RESPParseError) -> Step {
        guard start < buffer.count else { return .needMore }
        let type = buffer[start]
        switch type {
        case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "$"), UInt8(ascii: "*"):
            break
        case UInt8(ascii: "%"), UInt8(ascii: "_"), UInt8(ascii: ","), UInt8(ascii: "#"), UInt8(ascii: "~"),
            UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "("), UInt8(ascii: "|"), UInt8(ascii: "!"):
            throw RESPParseError(.resp3Type(type), offset: base + start)
        default:
            throw RESPParseError(.unknownType(type), offset: base + start)
        }
        guard let lineEnd = try findLineEnd() else { return .needMore }
        let body = start + 1..<lineEnd
        switch type {
        case UInt8(ascii: "+"):
            try consume(to: lineEnd + 2)
            return .value(.simple(String(decoding: buffer[body], as: UTF8.self)))
        case UInt8(ascii: "-"):
            try consume(to: lineEnd + 2)
            return .value(.error(String(decoding: buffer[body], as: UTF8.self)))
        case UInt8(ascii: ":"):
            guard let number = Self.decimal(buffer[body]) else { throw RESPParseError(.badInteger, offset: base + body.lowerBound) }
            try consume(to: lineEnd + 2)
            return .value(.integer(number))
        case UInt8(ascii: "$"):
            return try parseBulk(body: body, lineEnd: lineEnd)
        default:
            return try parseArray(body: body, lineEnd: lineEnd)
        }
    }

    private mutating func parseBulk(body: Range<Int>, lineEnd: Int) throws(RESPParseError) -> Step {
        let length = try length(body)
        guard length >= 0 else {
            try consume(to: lineEnd + 2)
            return .value(.bulk(nil))
        }
        guard length <= Int64(limits.maxBulkLength) else {
            throw RESPParseError(.bulkTooLarge(length: length, limit: limits.maxBulkLength), offset: base + body.lowerBound)
        }
        let bodyStart = lineEnd + 2
        let bodyEnd = bodyStart + Int(length)
        guard replyCost + (bodyEnd + 2 - start) + Limits.valueCost <= limits.maxReplyBytes else {
            throw RESPParseError(.replyTooLarge(limit: limits.maxReplyBytes), offset: base + start)
        }
        guard bodyEnd + 2 <= buffer.count else { return .needMore }
        guard buffer[bodyEnd] == 13, buffer[bodyEnd + 1] == 10 else {
            throw RESPParseError(.badBulkTerminator, offset: base + bodyEnd)
        }
        let bytes = Array(buffer[bodyStart..<bodyEnd])
        try consume(to: bodyEnd + 2)
        return .value(.bulk(bytes))
    }

    private mutating func parseArray(body: Range<Int>, lineEnd: Int) throws(RESPParseError) -> Step {
        let count = try length(body)
        guard count != -1 else {
            try consume(to: lineEnd + 2)
            return .value(.array(nil))
        }
        guard count <= Int64(limits.maxArrayCount) else {
            throw RESPParseError(.arrayTooLarge(count: count, limit: limits.maxArrayCount), offset: base + body.lowerBound)
        }
        guard count > 0 else {
            try consume(to: lineEnd + 2)
            return .value(.array([]))
        }
        guard stack.count < limits.maxDepth else { throw RESPParseError(.tooDeep(limit: limits.maxDepth), offset: base + start) }
        try consume(to: lineEnd + 2)
        var elements: [RESPValue] = []
        elements.reserveCapacity(min(Int(count), 64))
        stack.append(Frame(remaining: Int(count), elements: elements))
        return .pushed
    }

    /// The index of the CR ending the line that starts at `start`, or nil until it arrives.
    /// Only the line's first `maxLineLength` bytes and its CRLF are looked at, so the answer
    /// is the same however the stream is split.
    private mutating func findLineEnd() throws(RESPParseError) -> Int? {
        // The CR may stand at most here (a line of exactly `maxLineLength` bytes).
        let lastCR = start + 1 + limits.maxLineLength
        var index = max(start + 1, scanned)
        while index < buffer.count {
            guard index <= lastCR else { throw RESPParseError(.lineTooLong(limit: limits.maxLineLength), offset: base + start) }
            switch buffer[index] {
            case 13:
                guard index + 1 < buffer.count else {
                    scanned = index
                    return nil
                }
                guard buffer[index + 1] == 10 else { throw RESPParseError(.badLineEnding, offset: base + index) }
                return index
            case 10:
                throw RESPParseError(.badLineEnding, offset: base + index)
            default:
                index += 1
            }
        }
        scanned = index
        return nil
    }

    /// Moves `start` to `end` (just past a value's bytes), charging the reply for them.
    private mutating func consume(to end: Int) throws(RESPParseError) {
        replyCost += end - start + Limits.valueCost
        guard replyCost <= limits.maxReplyBytes else {
            throw RESPParseError(.replyTooLarge(limit: limits.maxReplyBytes), offset: base + start)
        }
        start = end
        scanned = end
    }

    /// A bulk or array length: -1, or a non-negative decimal (at most 18 digits).
    private func length(_ digits: Range<Int>) throws(RESPParseError) -> Int64 {
        let text = buffer[digits]
        if text.count == 2, text.first == UInt8(ascii: "-"), text.last == UInt8(ascii: "1") { return -1 }
        guard text.count <= 18, text.first != UInt8(ascii: "-"), let value = Self.decimal(text) else {
            throw RESPParseError(.badLength, offset: base + digits.lowerBound)
        }
        return value
    }

    /// A decimal `Int64` with an optional leading `-`; nil when empty, not digits, or out of range.
    static func decimal(_ text: ArraySlice<UInt8>) -> Int64? {
        var digits = text[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 19 else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard (48...57).contains(byte) else { return nil }
            let digit = Int64(byte - 48)
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            value = sum
        }
        return value
    }

    /// Drops consumed bytes once they are most of the buffer.
    private mutating func compact() {
        if start == buffer.count {
            base += start
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
            scanned = 0
        } else if start >= 64 << 10, start * 2 >= buffer.count {
            base += start
            buffer.removeSubrange(0..<start)
            scanned -= start
            start = 0
        }
    }
}
