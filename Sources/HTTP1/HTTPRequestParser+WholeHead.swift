extension HTTPRequestParser {
    /// The request whose whole head is buffered from `start`, read in one pass over the
    /// bytes, when it is one the line-by-line states would accept as it is; nil otherwise
    /// (incomplete, or anything those states would reject, skip or read a body for),
    /// and then they read it from the same bytes, with their errors and positions.
    ///
    /// The common request (origin-form target, HTTP/1.0 or 1.1, a valid `Host`, no
    /// `Content-Length` or `Transfer-Encoding`) thus costs one scan of its bytes and one
    /// copy of its fields, instead of a state change, a `readLine` and a head copy per
    /// line (Benchmarks/README.md, "Instructions per request").
    /// It accepts only what they accept and yields what they yield: pinned by
    /// `HTTPRequestParserWholeHeadTests`, which parses every input both ways.
    mutating func readWholeHead() -> HTTPRequest? {
        guard readsWholeHeads, start < buffer.count else { return nil }
        let limits = limits
        let from = start
        var end = 0
        var fields = HTTPHeaders()
        swap(&fields, &spareFields)
        // Built where it is read and moved out: each copy of a request on the way cost
        // retains, releases and outlined copies (through a struct of parts).
        guard let request = buffer.withUnsafeBufferPointer({
            Self.wholeHead($0, from: from, limits: limits, fields: fields, end: &end)
        }) else { return nil }
        consume(upTo: end)
        emptyLineBytes = 0
        return request
    }

    /// The one pass of ``readWholeHead()``: the same checks as `parseRequestLine`,
    /// `parseFieldLine` and `finishHead`, in the same order of limits, any failure
    /// giving nil.
    private static func wholeHead(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, limits: HTTPParserLimits, fields: consuming HTTPHeaders,
        end: inout Int
    ) -> HTTPRequest? {
        let count = bytes.count
        // The request line: `method SP origin-form SP HTTP/1.x` CRLF, not empty.
        var i = from
        while i < count && ByteClass.isTchar(bytes[i]) { i += 1 }
        let methodEnd = i
        guard methodEnd > from, methodEnd - from <= limits.maxMethodBytes, methodEnd < count,
              bytes[methodEnd] == ByteClass.sp else { return nil }
        let targetStart = methodEnd + 1
        guard targetStart < count, bytes[targetStart] == UInt8(ascii: "/") else { return nil }
        i = targetStart
        var question = -1
        while i < count && ByteClass.isTargetByte(bytes[i]) {
            if question < 0 && bytes[i] == UInt8(ascii: "?") { question = i }
            i += 1
        }
        let targetEnd = i
        // `HTTP/1.x` then CRLF.
        guard targetEnd + 10 <= count, bytes[targetEnd] == ByteClass.sp,
              bytes[targetEnd + 1] == UInt8(ascii: "H"), bytes[targetEnd + 2] == UInt8(ascii: "T"),
              bytes[targetEnd + 3] == UInt8(ascii: "T"), bytes[targetEnd + 4] == UInt8(ascii: "P"),
              bytes[targetEnd + 5] == UInt8(ascii: "/"), bytes[targetEnd + 6] == UInt8(ascii: "1"),
              bytes[targetEnd + 7] == UInt8(ascii: "."),
              bytes[targetEnd + 8] == UInt8(ascii: "0") || bytes[targetEnd + 8] == UInt8(ascii: "1"),
              bytes[targetEnd + 9] == ByteClass.cr, targetEnd + 10 < count, bytes[targetEnd + 10] == ByteClass.lf
        else { return nil }
        let lineEnd = targetEnd + 9
        guard lineEnd - from <= limits.maxRequestLineBytes else { return nil }
        let version: HTTPVersion = bytes[targetEnd + 8] == UInt8(ascii: "1") ? .http1_1 : .http1_0
        let pathEnd = question < 0 ? targetEnd : question
        let pathBytes = UnsafeBufferPointer(rebasing: bytes[targetStart..<pathEnd])
        guard !hasDotSegment(pathBytes) else { return nil }

        // The fields, up to the empty line.
        var headers = fields   // empty; storage of an earlier request's fields, when recycled
        guard let fieldsEnd = wholeFields(bytes, from: lineEnd + 2, limits: limits, version: version, into: &headers)
        else { return nil }

        end = fieldsEnd
        let raw = UnsafeRawBufferPointer(bytes)
        return HTTPRequest(
            method: HTTPMethod.fromBytes(UnsafeRawBufferPointer(rebasing: raw[from..<methodEnd])),
            path: String(decoding: pathBytes, as: UTF8.self),
            // A typed buffer, not a raw slice: a raw slice decodes through a dynamic cast.
            query: question < 0
                ? nil : String(decoding: UnsafeBufferPointer(rebasing: bytes[(question + 1)..<targetEnd]), as: UTF8.self),
            version: version, headers: headers, body: [])
    }

    /// The field lines of ``wholeHead(_:from:limits:fields:end:)`` from `from` through the
    /// empty line, checked as `parseFieldLine` and `finishHead` check them and appended to
    /// `headers`: the index past the empty line, or nil.
    @inline(__always)
    private static func wholeFields(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, limits: HTTPParserLimits, version: HTTPVersion,
        into headers: inout HTTPHeaders
    ) -> Int? {
        // Fields are noted as read and stored together (``HTTPHeaders/append(parsed:from:)``),
        // a batch of up to 32 at a time.
        withUnsafeTemporaryAllocation(of: HTTPHeaders.ParsedField.self, capacity: 32) { parsed in
            wholeFields(bytes, from: from, limits: limits, version: version, noting: parsed, into: &headers)
        }
    }

    @inline(__always)
    private static func wholeFields(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, limits: HTTPParserLimits, version: HTTPVersion,
        noting parsed: UnsafeMutableBufferPointer<HTTPHeaders.ParsedField>, into headers: inout HTTPHeaders
    ) -> Int? {
        var noted = 0
        var fieldCount = 0
        var fieldBytes = 0
        var hostCount = 0
        var i = from
        while true {
            let lineStart = i
            // Incomplete, or a bare LF: the line states wait or reject.
            guard let lf = ByteClass.firstLineFeed(bytes, from: i), lf > lineStart, bytes[lf - 1] == ByteClass.cr else {
                return nil
            }
            i = lf
            let line = lineStart..<(i - 1)
            i += 1
            if line.isEmpty { break }
            guard line.count <= limits.maxHeaderBytes - fieldBytes else { return nil }
            fieldCount += 1
            guard fieldCount <= limits.maxHeaderCount else { return nil }
            fieldBytes += line.count
            // `field-name ":" OWS field-value OWS`, as `fieldRanges` reads it.
            var n = line.lowerBound
            while n < line.upperBound && ByteClass.isTchar(bytes[n]) { n += 1 }
            guard n > line.lowerBound, n < line.upperBound, bytes[n] == ByteClass.colon else { return nil }
            var valueStart = n + 1
            var valueEnd = line.upperBound
            while valueStart < valueEnd && ByteClass.isWhitespace(bytes[valueStart]) { valueStart += 1 }
            while valueEnd > valueStart && ByteClass.isWhitespace(bytes[valueEnd - 1]) { valueEnd -= 1 }
            let name = UnsafeBufferPointer(rebasing: bytes[line.lowerBound..<n])
            let value = UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd])
            guard ByteClass.allFieldValueBytes(value) else { return nil }
            // The framing fields: a body, or a second or invalid `Host`, goes the long way.
            switch name.count {
            case 4 where HTTPField.Name.host.matches(name):
                hostCount += 1
                guard hostCount == 1, HostSyntax.isValid(value) else { return nil }
            case 14 where HTTPField.Name.contentLength.matches(name):
                return nil
            case 17 where HTTPField.Name.transferEncoding.matches(name):
                return nil
            default:
                break
            }
            if noted == parsed.count {
                headers.append(parsed: UnsafeBufferPointer(parsed), from: bytes)
                noted = 0
            }
            parsed[noted] = HTTPHeaders.ParsedField(nameStart: line.lowerBound, nameCount: name.count,
                                                    valueStart: valueStart, valueCount: value.count)
            noted += 1
        }
        guard version == .http1_0 || hostCount == 1 else { return nil }
        headers.append(parsed: UnsafeBufferPointer(rebasing: parsed[..<noted]), from: bytes)
        return i
    }
}
