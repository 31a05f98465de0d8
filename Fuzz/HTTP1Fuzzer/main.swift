// libFuzzer entry for the HTTP/1.1 request parser. Built by scripts/fuzz-http1.sh together
// with Sources/HTTP1/*.swift; it lives outside Sources/ so `swift build` ignores it.
//
// The first input byte picks the limits (small ones reach the limit paths quickly) and how
// the rest is split into appends, so split points are fuzzed too.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP1Parser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    guard let control = input.first else { return 0 }
    let rest = input.dropFirst()
    let limits = control & 1 == 0
        ? HTTPParserLimits.default
        : HTTPParserLimits(
            maxMethodBytes: 8, maxRequestLineBytes: 64, maxHeaderBytes: 128, maxHeaderCount: 4,
            maxBodyBytes: 64, maxChunkSizeLineBytes: 16)
    let chunk = Int(control >> 1) + 1

    var parser = HTTPRequestParser(limits: limits)
    var offset = rest.startIndex
    while offset < rest.endIndex {
        let end = min(rest.endIndex, offset + chunk)
        parser.append(rest[offset..<end])
        offset = end
        var steps = 0
        loop: while true {
            steps += 1
            precondition(steps < 100_000, "parser did not settle")
            switch parser.next() {
            case .request(let request):
                precondition(request.body.count <= limits.maxBodyBytes)
                precondition(request.headers.count <= limits.maxHeaderCount)
                // Exercise the encoder on what came in, too.
                _ = HTTPResponseEncoder.encode(
                    HTTPResponse(status: .ok, headers: request.headers, body: request.body),
                    requestMethod: request.method, requestVersion: request.version,
                    keepAlive: request.keepAlive, date: nil)
            case .needMoreData:
                break loop
            case .error(let error):
                precondition([400, 413, 414, 431, 501, 505].contains(error.status.code))
                // Located: the offset is within the bytes fed so far.
                precondition((error.offset ?? 0) <= offset - rest.startIndex, "offset past the input")
                precondition(parser.next() == .error(error), "errors are sticky")
                return 0
            }
        }
    }
    return 0
}
