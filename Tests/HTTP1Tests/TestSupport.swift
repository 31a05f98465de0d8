import HTTP1

/// The bytes of `text`, for readable test inputs.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Feeds `input` in one go and collects every result up to the first `needMoreData` or error.
func parseAll(_ input: [UInt8], limits: HTTPParserLimits = .default) -> [HTTPParseResult] {
    var parser = HTTPRequestParser(limits: limits)
    parser.append(input)
    return drain(&parser)
}

func parseAll(_ input: String, limits: HTTPParserLimits = .default) -> [HTTPParseResult] {
    parseAll(bytes(input), limits: limits)
}

/// Calls `next()` until `needMoreData` or an error, returning every result including the last.
func drain(_ parser: inout HTTPRequestParser) -> [HTTPParseResult] {
    var results: [HTTPParseResult] = []
    while true {
        let result = parser.next()
        results.append(result)
        if case .request = result { continue }
        return results
    }
}

/// The single request parsed from `input`, or nil.
func parseOne(_ input: String, limits: HTTPParserLimits = .default) -> HTTPRequest? {
    if case .request(let request) = parseAll(input, limits: limits).first { return request }
    return nil
}

/// The error produced by `input`, or nil.
func parseError(_ input: String, limits: HTTPParserLimits = .default) -> HTTPParseError? {
    parseError(bytes(input), limits: limits)
}

func parseError(_ input: [UInt8], limits: HTTPParserLimits = .default) -> HTTPParseError? {
    for result in parseAll(input, limits: limits) {
        if case .error(let error) = result { return error }
    }
    return nil
}

/// Why `input` is rejected, or nil if it is not: tests assert the rule broken, not only
/// its status (``HTTPParseErrorTests`` pins each reason's status and code).
func rejection(_ input: String, limits: HTTPParserLimits = .default) -> HTTPParseError.Reason? {
    parseError(input, limits: limits)?.reason
}

/// Requests only, from a list of results.
func requests(_ results: [HTTPParseResult]) -> [HTTPRequest] {
    results.compactMap { if case .request(let r) = $0 { r } else { nil } }
}

