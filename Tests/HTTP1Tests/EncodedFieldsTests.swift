import Testing
@testable import HTTP1

/// Fields encoded ahead (``EncodedFields``) go on the wire as the field walk writes them,
/// and only while a response's fields are still the ones they were made from.
@Suite struct EncodedFieldsTests {
    static let samples: [HTTPHeaders] = [
        [:],
        ["ETag": "\"abc\"", "Cache-Control": "no-cache"],
        // Framing fields the encoder owns are dropped, control bytes sanitized, a non-token name dropped.
        ["Content-Length": "9", "Date": "x", "Connection": "close", "Transfer-Encoding": "chunked", "X-A": "1"],
        ["X-Bad": "a\r\nInjected: yes", "Bad Name": "v", "Vary": "Accept, Accept-Encoding"],
        ["Content-Language": "de", "X-Empty": "", "X-Unicode": "Grüße"],
    ]

    static func walked(_ headers: HTTPHeaders) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: headers.byteCount + 1) { scratch in
            var writer = ByteWriter(scratch)
            writer.write(fields: headers)
            return Array(writer.written)
        }
    }

    @Test(arguments: samples)
    func theBytesAreWhatTheFieldWalkWrites(headers: HTTPHeaders) {
        #expect(EncodedFields(headers).bytes == Self.walked(headers))
    }

    @Test(arguments: samples)
    func aResponseWithEncodedFieldsIsEncodedAsOneBuiltFieldByField(headers: HTTPHeaders) {
        let every = EncodedFields(["X-Content-Type-Options": "nosniff"])
        for status in [HTTPStatus.ok, .notModified, .notFound] {
            for keepAlive in [true, false] {
                let built = HTTPResponse(status: status, headers: headers, body: Array("body".utf8))
                let ahead = HTTPResponse(status: status, fields: EncodedFields(headers), body: Array("body".utf8))
                #expect(ahead == built)
                #expect(HTTPResponseEncoder.encode(ahead, keepAlive: keepAlive, date: Array("D".utf8), everyResponse: every)
                    == HTTPResponseEncoder.encode(built, keepAlive: keepAlive, date: Array("D".utf8), everyResponse: every))
            }
        }
    }

    /// A field added after (a replica's name) is sent: the bytes made before are not used.
    @Test func fieldsChangedAfterwardsAreEncodedAsTheyAreNow() {
        let fields = EncodedFields(["ETag": "\"abc\""])
        var response = HTTPResponse(status: .notModified, fields: fields)
        let copy = response
        response.headers.add("X-Replica", value: "r1")
        let wire = String(decoding: HTTPResponseEncoder.encode(response, keepAlive: true, date: nil), as: UTF8.self)
        #expect(wire == "HTTP/1.1 304 Not Modified\r\nETag: \"abc\"\r\nX-Replica: r1\r\n\r\n")
        // The copy taken before still has, and sends, the fields as they were.
        let copied = String(decoding: HTTPResponseEncoder.encode(copy, keepAlive: true, date: nil), as: UTF8.self)
        #expect(copied == "HTTP/1.1 304 Not Modified\r\nETag: \"abc\"\r\n\r\n")
        #expect(fields.encodes(copy.headers) && !fields.encodes(response.headers))
        // Equal fields in other storage are not taken for them.
        #expect(!fields.encodes(["ETag": "\"abc\""]))
        var replaced = response
        replaced.headers = fields.fields
        #expect(fields.encodes(replaced.headers))
    }
}
