// libFuzzer entry for the HTTP/1.1 response parser (LabelClient's, for `http://` on Linux). Built by
// scripts/fuzz-http1.sh response, with Sources/HTTP1/*.swift; outside Sources/ so `swift build`
// ignores it. The first byte picks the limits, HEAD or not, and how the rest is split.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP1ResponseParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    guard let control = input.first else { return 0 }
    let rest = input.dropFirst()
    let limits = control & 1 == 0
        ? HTTPResponseParser.Limits()
        : HTTPResponseParser.Limits(maxHeaderBytes: 96, maxHeaderCount: 3, maxBodyBytes: 32)
    let chunk = Int(control >> 2) + 1
    var parser = HTTPResponseParser(limits: limits, requestWasHead: control & 2 != 0)
    var offset = rest.startIndex
    while offset < rest.endIndex {
        let end = min(rest.endIndex, offset + chunk)
        parser.append(rest[offset..<end])
        offset = end
        do {
            if let response = try parser.next() {
                precondition(response.body.count <= limits.maxBodyBytes)
                precondition(response.headers.count <= limits.maxHeaderCount)
                precondition(response.status.code >= 200 && response.status.code <= 999)
                return 0
            }
        } catch {
            precondition((try? parser.next()) == nil, "errors are sticky")
            return 0
        }
    }
    parser.finish()
    do {
        let response = try parser.next()
        precondition(response != nil, "finish() gives a response or an error")
    } catch {}
    return 0
}
