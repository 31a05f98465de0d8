/// Where a request came in, so that a responder can answer it later (``deferResponse()``).
///
/// A value passed to ``HTTPResponder/respond(to:context:)``; it costs nothing unless a
/// response is deferred.
package struct HTTPRequestContext: Sendable {
    let handle: EventLoopHandle
    let descriptor: Int32
    let serial: UInt64

    /// Promises the response for later: the responder returns `nil` and calls
    /// ``HTTPResponsePromise/succeed(_:)`` from any thread when it has the answer.
    /// The connection reads nothing more until then (responses stay in request order).
    package func deferResponse() -> HTTPResponsePromise {
        handle.noteDeferral()
        return HTTPResponsePromise(handle: handle, descriptor: descriptor, serial: serial)
    }
}
