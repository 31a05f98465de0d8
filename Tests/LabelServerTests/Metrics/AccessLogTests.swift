import HTTP1
import Synchronization
import Testing
@testable import LabelServer

@Suite struct AccessLogTests {
    @Test func oneLinePerRequestInAFormatAwkCanRead() {
        let written = Mutex<[UInt8]>([])
        let log = AccessLog { bytes in written.withLock { $0 += bytes } }
        log.record(request: HTTPRequest(method: .get, target: "/labels/coins.count?lang=de&count=3"),
                   status: 200, bytes: 127, seconds: 0.000_057)
        log.record(request: HTTPRequest(method: .post, target: "/missing", version: .http1_0),
                   status: 400, bytes: 0, seconds: 0)
        log.flush()
        let text = String(decoding: written.withLock { $0 }, as: UTF8.self)
        #expect(text == """
            access GET /labels/coins.count?lang=de&count=3 HTTP/1.1 200 127 57us
            access POST /missing HTTP/1.0 400 0 0us

            """)
    }

    @Test func aVeryLongTargetIsCutSoALineStaysBounded() {
        let written = Mutex<[UInt8]>([])
        let log = AccessLog { bytes in written.withLock { $0 += bytes } }
        log.record(request: HTTPRequest(method: .get, target: "/" + String(repeating: "k", count: 5000)),
                   status: 400, bytes: 10, seconds: 0)
        log.flush()
        #expect(written.withLock { $0.count } < 600)
    }

    @Test func linesBeyondTheBufferAreDroppedAndCountedWhereTheGapIs() {
        let written = Mutex<[UInt8]>([])
        // Room for one line of this request (39 bytes), not two.
        let log = AccessLog(bufferLimit: 60) { bytes in written.withLock { $0 += bytes } }
        let request = HTTPRequest(method: .get, target: "/healthz")
        for _ in 0..<3 { log.record(request: request, status: 200, bytes: 2, seconds: 0) }
        log.flush()
        log.record(request: request, status: 200, bytes: 2, seconds: 0)
        log.flush()
        let text = String(decoding: written.withLock { $0 }, as: UTF8.self)
        #expect(text == """
            access GET /healthz HTTP/1.1 200 2 0us
            access-log-dropped 2
            access GET /healthz HTTP/1.1 200 2 0us

            """)
    }
}
