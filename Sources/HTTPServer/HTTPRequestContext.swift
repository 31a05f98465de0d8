/// Where a request came in, so that a responder can answer it later (``deferResponse()``).
///
/// A value passed to ``HTTPResponder/respond(to:context:)``; it costs nothing unless a
/// response is deferred.
package struct HTTPRequestContext: Sendable {
    let handle: EventLoopHandle
    let descriptor: Int32
    let serial: UInt64

    /// A loop's context for a request: the loop's handle, the connection's descriptor and
    /// the request's serial on it (as TestSupport's `InProcessExchange` makes one too).
    package init(handle: EventLoopHandle, descriptor: Int32, serial: UInt64) {
        self.handle = handle
        self.descriptor = descriptor
        self.serial = serial
    }

    /// Promises the response for later: the responder returns `nil` and calls
    /// ``HTTPResponsePromise/succeed(_:)`` from any thread when it has the answer.
    /// The connection reads nothing more until then (responses stay in request order).
    package func deferResponse() -> HTTPResponsePromise {
        handle.noteDeferral()
        return HTTPResponsePromise(handle: handle, descriptor: descriptor, serial: serial)
    }
}
