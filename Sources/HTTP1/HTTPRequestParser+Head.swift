extension HTTPRequestParser {
    /// `withUnsafeBytes` over the buffer with a typed-throwing body (the stdlib's only rethrows `any Error`).
    func withBytes<T>(
        _ body: (UnsafeRawBufferPointer) throws(HTTPParseError) -> T
    ) throws(HTTPParseError) -> T {
        let result: Result<T, HTTPParseError> = buffer.withUnsafeBytes { raw in
            do throws(HTTPParseError) { return .success(try body(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Parses `method SP request-target SP HTTP-version` (RFC 9112 §3).
    func parseRequestLine(_ line: Range<Int>) throws(HTTPParseError) -> Head {
        try withBytes { (raw: UnsafeRawBufferPointer) throws(HTTPParseError) -> Head in
            var i = line.lowerBound
            while i < line.upperBound && ByteClass.isTchar(raw[i]) { i += 1 }
            let methodEnd = i
            if methodEnd - line.lowerBound > limits.maxMethodBytes {
                throw HTTPParseError(.methodTooLong(limit: limits.maxMethodBytes), at: offset(line.lowerBound))
            }
            guard methodEnd > line.lowerBound, methodEnd < line.upperBound, raw[methodEnd] == ByteClass.sp else {
                throw HTTPParseError(.invalidMethod, at: offset(methodEnd))
            }
            let method = HTTPMethod.fromBytes(UnsafeRawBufferPointer(rebasing: raw[line.lowerBound..<methodEnd]))

            let targetStart = methodEnd + 1
            i = targetStart
            while i < line.upperBound && ByteClass.isTargetByte(raw[i]) { i += 1 }
            let targetEnd = i
            if targetEnd < line.upperBound && raw[targetEnd] != ByteClass.sp {
                throw HTTPParseError(.characterNotAllowedInTarget, at: offset(targetEnd))
            }
            guard targetEnd > targetStart, targetEnd < line.upperBound else {
                throw HTTPParseError(.invalidRequestTarget, at: offset(targetEnd))
            }

            let version = try parseVersion(raw, targetEnd + 1..<line.upperBound)
            let target = UnsafeRawBufferPointer(rebasing: raw[targetStart..<targetEnd])
            let (path, query) = try splitTarget(target, method: method, at: offset(targetStart))
            if Self.hasDotSegment(path) {
                // Proxies and caches remove dot-segments (RFC 3986 §5.2.4, §6.2.2.2), so
                // the path they see and the one served here would differ.
                throw HTTPParseError(.dotSegment, at: offset(targetStart))
            }
            // Origin-form and `*` are `path` [ "?" query ]: no String of the whole target.
            let isAbsoluteForm = target[0] != UInt8(ascii: "/") && path != "*"
            return Head(
                method: method, target: isAbsoluteForm ? String(decoding: target, as: UTF8.self) : nil,
                path: path, query: query, version: version)
        }
    }

    /// `HTTP/DIGIT.DIGIT`: 1.0 and 1.1 are served, other well-formed versions get 505.
    private func parseVersion(_ raw: UnsafeRawBufferPointer, _ range: Range<Int>) throws(HTTPParseError) -> HTTPVersion {
        let at = range.lowerBound
        // Byte by byte: the generic `starts(with:)` is not specialized here.
        guard range.count == 8, raw[at] == UInt8(ascii: "H"), raw[at + 1] == UInt8(ascii: "T"),
            raw[at + 2] == UInt8(ascii: "T"), raw[at + 3] == UInt8(ascii: "P"), raw[at + 4] == UInt8(ascii: "/"),
            let major = digit(raw[range.lowerBound + 5]), raw[range.lowerBound + 6] == UInt8(ascii: "."),
            let minor = digit(raw[range.lowerBound + 7])
        else {
            throw HTTPParseError(.malformedVersion, at: offset(range.lowerBound))
        }
        guard major == 1, minor <= 1 else {
            throw HTTPParseError(.versionNotSupported(major: major, minor: minor), at: offset(range.lowerBound))
        }
        return HTTPVersion(major: major, minor: minor)
    }

    private func digit(_ byte: UInt8) -> Int? {
        (0x30...0x39).contains(byte) ? Int(byte - 0x30) : nil
    }

    /// Splits a request-target into path and query, per its form (RFC 9112 §3.2).
    private func splitTarget(
        _ target: UnsafeRawBufferPointer, method: HTTPMethod, at position: Int
    ) throws(HTTPParseError) -> (String, String?) {
        if target[0] == UInt8(ascii: "/") {
            return split(target[...])
        }
        if target.count == 1 && target[0] == UInt8(ascii: "*") {
            guard method == .options else {
                throw HTTPParseError(.asteriskFormNotOptions, at: position)
            }
            return ("*", nil)
        }
        for scheme: StaticString in ["http://", "https://"] where target.count > scheme.utf8CodeUnitCount {
            let prefix = UnsafeRawBufferPointer(rebasing: target.prefix(scheme.utf8CodeUnitCount)).assumingMemoryBound(to: UInt8.self)
            if ByteClass.equalIgnoringCase(prefix, ByteClass.bytes(scheme)) {
                let rest = target[(target.startIndex + scheme.utf8CodeUnitCount)...]
                let pathStart = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? rest.endIndex
                guard pathStart > rest.startIndex else {
                    throw HTTPParseError(.absoluteFormWithoutAuthority, at: position)
                }
                let (path, query) = split(rest[pathStart...])
                return (path.isEmpty ? "/" : path, query)
            }
        }
        if method == .connect {
            throw HTTPParseError(.connectNotSupported, at: position)
        }
        throw HTTPParseError(.unsupportedTargetForm, at: position)
    }

    /// Whether a `/`-separated segment of `path` is `.` or `..`, with any dot written
    /// as `%2e`/`%2E`. An encoded slash (`..%2fetc`) does not split a segment.
    static func hasDotSegment(_ path: String) -> Bool {
        if let found = path.utf8.withContiguousStorageIfAvailable({ hasDotSegment($0) }) { return found }
        return Array(path.utf8).withUnsafeBufferPointer { hasDotSegment($0) }
    }

    static func hasDotSegment(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        var dots = 0
        var other = false
        var index = 0
        while true {
            let byte: UInt8? = index < path.count ? path[index] : nil
            index += 1
            if byte == nil || byte == UInt8(ascii: "/") {
                if !other && (dots == 1 || dots == 2) { return true }
                if byte == nil { return false }
                dots = 0
                other = false
            } else if byte == UInt8(ascii: ".") {
                dots += 1
            } else if byte == UInt8(ascii: "%"), index + 1 < path.count,
                      path[index] == UInt8(ascii: "2"), path[index + 1] | 0x20 == UInt8(ascii: "e") {
                index += 2
                dots += 1
            } else {
                other = true
            }
        }
    }

    private func split(_ bytes: Slice<UnsafeRawBufferPointer>) -> (String, String?) {
        guard let q = bytes.firstIndex(of: UInt8(ascii: "?")) else {
            return (String(decoding: bytes, as: UTF8.self), nil)
        }
        return (
            String(decoding: bytes[..<q], as: UTF8.self),
            String(decoding: bytes[(q + 1)...], as: UTF8.self)
        )
    }

    /// Where a field line's name and value are in the buffer.
    struct FieldRanges {
        var name: Range<Int>
        var value: Range<Int>
    }

    /// Parses and counts `field-name ":" OWS field-value OWS` (RFC 9112 §5).
    mutating func parseFieldLine(_ line: Range<Int>) throws(HTTPParseError) -> FieldRanges {
        fieldCount += 1
        if fieldCount > limits.maxHeaderCount {
            throw HTTPParseError(.tooManyHeaderFields(limit: limits.maxHeaderCount), at: offset(line.lowerBound))
        }
        fieldBytes += line.count
        return try fieldRanges(line)
    }

    /// Validates a field line. Not `mutating`: a closure in a mutating method would
    /// capture a copy of the whole parser (buffer, head and all).
    private func fieldRanges(_ line: Range<Int>) throws(HTTPParseError) -> FieldRanges {
        let position = offset(line.lowerBound)
        return try withBytes { (raw: UnsafeRawBufferPointer) throws(HTTPParseError) -> FieldRanges in
            if ByteClass.isWhitespace(raw[line.lowerBound]) {
                throw HTTPParseError(.obsoleteLineFolding, at: position)
            }
            var i = line.lowerBound
            while i < line.upperBound && ByteClass.isTchar(raw[i]) { i += 1 }
            guard i < line.upperBound, raw[i] == ByteClass.colon, i > line.lowerBound else {
                if i < line.upperBound && ByteClass.isWhitespace(raw[i]) {
                    throw HTTPParseError(.whitespaceBeforeColon, at: offset(i))
                }
                throw HTTPParseError(.invalidFieldName, at: offset(i))
            }
            let nameEnd = i
            var valueStart = nameEnd + 1
            var valueEnd = line.upperBound
            while valueStart < valueEnd && ByteClass.isWhitespace(raw[valueStart]) { valueStart += 1 }
            while valueEnd > valueStart && ByteClass.isWhitespace(raw[valueEnd - 1]) { valueEnd -= 1 }
            for j in valueStart..<valueEnd where !ByteClass.isFieldValueByte(raw[j]) {
                throw HTTPParseError(.controlCharacterInFieldValue, at: offset(j))
            }
            return FieldRanges(name: line.lowerBound..<nameEnd, value: valueStart..<valueEnd)
        }
    }

    /// Validates the complete head and decides the body framing (RFC 9112 §6).
    /// Returns the request when it has no body.
    mutating func finishHead(at index: Int) throws(HTTPParseError) -> HTTPRequest? {
        guard let head else { return nil }
        let position = offset(index)
        let headers = head.headers
        // One pass counting the framing fields, instead of an array per name.
        var hostCount = 0
        var hostIsValid = true
        var contentLengthCount = 0
        var contentLength: String?
        var hasTransferEncoding = false
        headers.forEachStored { field in
            if HTTPField.Name.host.matches(field.name) {
                hostCount += 1
                if hostCount == 1 { hostIsValid = HostSyntax.isValid(field.value) }   // checked in place
            } else if HTTPField.Name.contentLength.matches(field.name) {
                contentLengthCount += 1
                if contentLength == nil { contentLength = String(decoding: field.value, as: UTF8.self) }
            } else if HTTPField.Name.transferEncoding.matches(field.name) {
                hasTransferEncoding = true
            }
            return true
        }

        if head.version == .http1_1 && hostCount == 0 {
            throw HTTPParseError(.missingHost, at: position)
        }
        if hostCount > 1 {
            throw HTTPParseError(.duplicateHost, at: position)
        }
        if !hostIsValid {
            throw HTTPParseError(.invalidHost, at: position)
        }

        if hasTransferEncoding {
            if contentLengthCount > 0 {
                throw HTTPParseError(.contentLengthWithTransferEncoding, at: position)
            }
            if head.version == .http1_0 {
                throw HTTPParseError(.transferEncodingInHTTP10, at: position)
            }
            let codings = headers.listValues(.transferEncoding)
            let chunkedCount = codings.count { ByteClass.equalIgnoringCase($0, "chunked") }
            guard let last = codings.last, ByteClass.equalIgnoringCase(last, "chunked") else {
                throw HTTPParseError(.transferEncodingNotEndingInChunked, at: position)
            }
            if chunkedCount > 1 {
                throw HTTPParseError(.chunkedAppliedTwice, at: position)
            }
            if codings.count > 1 {
                throw HTTPParseError(.unsupportedTransferCoding(String(codings[0])), at: position)
            }
            fieldBytes = 0
            fieldCount = 0
            noteExpectation(headers, version: head.version)
            state = .chunkSize
            return nil
        }

        if contentLengthCount > 1 {
            throw HTTPParseError(.duplicateContentLength, at: position)
        }
        if let value = contentLength {
            let length = try parseContentLength(value, at: position)
            if length > 0 {
                noteExpectation(headers, version: head.version)
                state = .fixedBody(remaining: length)
                return nil
            }
        }
        body = []
        return finishRequest()
    }

    private mutating func noteExpectation(_ headers: HTTPHeaders, version: HTTPVersion) {
        expectsContinue = version == .http1_1 && headers.containsToken("100-continue", in: .expect)
    }

    /// `Content-Length = 1*DIGIT`, saturating above the body limit so huge values give 413.
    private func parseContentLength(_ value: String, at position: Int) throws(HTTPParseError) -> Int {
        guard !value.isEmpty else { throw HTTPParseError(.emptyContentLength, at: position) }
        var length = 0
        for byte in value.utf8 {
            guard let d = digit(byte) else {
                throw HTTPParseError(.invalidContentLength, at: position)
            }
            if length <= limits.maxBodyBytes { length = length * 10 + d }
        }
        if length > limits.maxBodyBytes {
            throw HTTPParseError(.bodyTooLarge(limit: limits.maxBodyBytes), at: position)
        }
        return length
    }

    /// `chunk-size [ chunk-ext ]`: hex size, then optional BWS and `;`-extensions (ignored).
    mutating func parseChunkSizeLine(_ line: Range<Int>) throws(HTTPParseError) -> Int {
        var size = 0
        var i = line.lowerBound
        while i < line.upperBound, let d = ByteClass.hexValue(buffer[i]) {
            if size <= limits.maxBodyBytes { size = size * 16 + d }
            i += 1
        }
        guard i > line.lowerBound else {
            throw HTTPParseError(.invalidChunkSize, at: offset(line.lowerBound))
        }
        var j = i
        while j < line.upperBound && ByteClass.isWhitespace(buffer[j]) { j += 1 }
        if j < line.upperBound {
            guard buffer[j] == UInt8(ascii: ";") else {
                throw HTTPParseError(.invalidChunkSize, at: offset(j))
            }
            for k in j..<line.upperBound where !ByteClass.isFieldValueByte(buffer[k]) {
                throw HTTPParseError(.controlCharacterInChunkExtension, at: offset(k))
            }
        } else if j > i {
            throw HTTPParseError(.whitespaceAfterChunkSize, at: offset(i))
        }
        if size > limits.maxBodyBytes - body.count {
            throw HTTPParseError(.bodyTooLarge(limit: limits.maxBodyBytes), at: offset(line.lowerBound))
        }
        return size
    }
}
