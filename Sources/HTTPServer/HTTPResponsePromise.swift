package import HTTP1
import Synchronization

/// A response that a responder finishes later, from any thread.
///
/// Made by ``HTTPRequestContext/deferResponse()`` for work that must not run on an
/// event loop (calls to other servers, long renders). ``succeed(_:)`` hands the response
/// to the connection's loop through a queue and the loop's eventfd; the loop writes it in
/// order with any pipelined requests behind it. Only the first call counts; if the
/// connection closed meanwhile, the response is dropped.
package final class HTTPResponsePromise: Sendable {
    private let handle: EventLoopHandle
    private let descriptor: Int32
    private let serial: UInt64
    private let done = Atomic<Bool>(false)

    init(handle: EventLoopHandle, descriptor: Int32, serial: UInt64) {
        self.handle = handle
        self.descriptor = descriptor
        self.serial = serial
    }

    /// Sends `response` as the answer to the deferred request.
    package func succeed(_ response: HTTPResponse) {
        guard !done.exchange(true, ordering: .acquiringAndReleasing) else { return }
        handle.complete(EventLoopHandle.Completion(descriptor: descriptor, serial: serial, response: response))
    }
}
