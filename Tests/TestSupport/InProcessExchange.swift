import BackgroundWork
import Clocks
import Glibc
package import HTTP1
package import HTTPServer

/// A responder driven as ``EventLoop`` drives it, without a socket: bytes through the
/// server's parser, every request through ``HTTPResponder/respond(to:context:)`` on a
/// thread marked as a loop's (a deferred answer is awaited), every response encoded.
///
/// For tests (``InProcessClient``, and the tests that replay the fuzzers' findings) and the
/// request-path fuzzer (`scripts/fuzz-requests.sh` compiles this file into it); what only a
/// socket shows (framing across reads, timeouts, back-pressure) is the event loop's own tests'.
package enum InProcessExchange {
    /// One response, as the loop would have written it.
    package struct Answer: Sendable {
        /// The request answered; nil for the parser's rejection.
        package var request: HTTPRequest?
        /// The response.
        package var response: HTTPResponse
        /// Whether the responder deferred it (completed from another thread).
        package var deferred: Bool
        /// The bytes on the wire (no `Date` field).
        package var encoded: [UInt8]
    }

    /// A responder broke the loop's contract.
    package enum Failure: Error, Sendable {
        /// It returned nil without a promise: the loop answers 500 for it.
        case nilWithoutPromise(HTTPRequest)
        /// Its promise was not completed within the timeout: the client would hang.
        case neverCompleted(HTTPRequest)
    }

    /// Answers every complete request in `input` (pipelined ones too), and the parser's
    /// error when it rejects one; bytes of an incomplete request at the end get no answer.
    package static func answers(to input: [UInt8], responder: some HTTPResponder, limits: HTTPParserLimits = .default,
                                deferredTimeoutMilliseconds: Int = 10_000) throws(Failure) -> [Answer] {
        var parser = HTTPRequestParser(limits: limits)
        parser.append(input)
        let handle = EventLoopHandle()
        var answers: [Answer] = []
        while true {
            switch parser.next() {
            case .request(let request):
                let context = HTTPRequestContext(handle: handle, descriptor: -1, serial: UInt64(answers.count))
                let before = handle.deferralCount
                var response = respondAsALoop(responder, request, context)
                let deferred = response == nil
                if response == nil {
                    guard handle.deferralCount != before else { throw .nilWithoutPromise(request) }
                    response = awaitCompletion(handle, timeoutMilliseconds: deferredTimeoutMilliseconds)
                }
                guard let response else { throw .neverCompleted(request) }
                let encoded = HTTPResponseEncoder.encode(response, requestMethod: request.method, requestVersion: request.version,
                                                         keepAlive: request.keepAlive, date: nil,
                                                         everyResponse: responder.fieldsOnEveryResponse)
                answers.append(Answer(request: request, response: response, deferred: deferred, encoded: encoded))
                if !request.keepAlive { return answers }
            case .needMoreData:
                return answers
            case .error(let error):
                let response = responder.respond(to: error)
                answers.append(Answer(request: nil, response: response, deferred: false,
                                      encoded: HTTPResponseEncoder.encode(response, keepAlive: false, date: nil,
                                                                          everyResponse: responder.fieldsOnEveryResponse)))
                return answers
            }
        }
    }

    /// `respond(to:context:)` with the calling thread marked as an event loop's, as on the
    /// server: a blocking call in the responder stops the process (``EventLoopThread``).
    private static func respondAsALoop(_ responder: some HTTPResponder, _ request: HTTPRequest,
                                       _ context: HTTPRequestContext) -> HTTPResponse? {
        let wasMarked = EventLoopThread.isCurrent
        EventLoopThread.markCurrent()
        defer { if !wasMarked { EventLoopThread.unmarkCurrent() } }
        return responder.respond(to: request, context: context)
    }

    /// The first response completed on `handle`, polled every 50 µs; nil once the timeout
    /// has passed on the monotonic clock.
    private static func awaitCompletion(_ handle: EventLoopHandle, timeoutMilliseconds: Int) -> HTTPResponse? {
        let deadline = MonotonicClock.deadline(after: .milliseconds(timeoutMilliseconds), from: MonotonicClock.now())
        while true {
            if let completion = handle.takeCompletions().first { return completion.response }
            guard MonotonicClock.now() < deadline else { return nil }
            usleep(50)
        }
    }
}
