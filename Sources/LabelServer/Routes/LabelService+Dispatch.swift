import Clocks
import Dispatch
package import HTTP1
package import HTTPServer

/// The one dispatcher: what the event loops, the in-process client and the fuzzer call.
extension LabelService {
    /// A request matched against ``routes``: the row's index and where the path's captured
    /// part starts.
    ///
    /// Plain values, no reference: a match holding a `Substring` was copied and destroyed
    /// through generic value witnesses on every request (as an optional tuple, and less
    /// so as an optional struct).
    struct Match: Sendable {
        var index: Int
        /// In the request's `path`: the captured part is `path[parameterStart...]`.
        var parameterStart: String.Index
    }

    /// Answers a request on an event loop, or defers it.
    ///
    /// The path is matched once. An unknown path (404, `OPTIONS *`) or a method the row
    /// does not take (405 with its `Allow`) is answered here; anything else runs where its
    /// row places it (``LabelRoute/Placement``): inline, or on the
    /// row's ``LabelWorker`` with the match and the state snapshot passed on, the loop
    /// deferring its response.
    package func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPResponse? {
        let started = MonotonicClock.now()
        let found = Self.route(for: request.path)
        guard let matched = found else {
            return answered(request, matched: nil, state: nil, mayBlock: false, started: started)
        }
        let route = Self.routes[matched.index]
        guard route.methods.contains(request.method) else {
            return answered(request, matched: matched, state: nil, mayBlock: false, started: started)
        }
        let state = holder.state
        let worker: LabelWorker
        // What the worker answers from: the snapshot when the answer must be the one this
        // request matched (a build); none for a worker that reads the state it runs against
        // (a reload must find the old catalog unreferenced, to free it and trim the heap).
        let snapshot: ServiceState?
        switch route.placement(for: request.method) {
        case .loop:
            return recorded(request, route: matched.index, started: started,
                            response: Self.answer { try handle(route, request, matched, state: state, mayBlock: false) })
        case .worker(let named, let accepts):
            guard accepts(self, request) else {
                return answered(request, matched: matched, state: state, mayBlock: false, started: started)
            }
            worker = named
            snapshot = nil
        case .afterCoverage:
            guard !state.coverageIsReady else {
                return answered(request, matched: matched, state: state, mayBlock: false, started: started)
            }
            worker = .builds
            snapshot = state
        case .loopWhenBuilt(let named):
            var notBuilt = false
            let response = Self.answer {
                do {
                    return try handle(route, request, matched, state: state, mayBlock: false)
                } catch is LabelRoute.NotBuilt {
                    notBuilt = true
                    return HTTPResponse(status: .internalServerError)
                }
            }
            guard notBuilt else { return recorded(request, route: matched.index, started: started, response: response) }
            worker = named
            snapshot = state
        }
        let promise = context.deferResponse()
        run(on: worker) {
            promise.succeed(answered(request, matched: matched, state: snapshot, mayBlock: true, started: started))
        }
        return nil
    }

    /// Answers `request` through ``routes`` on the calling thread, blocking as long as it
    /// takes: for callers off the event loops (a worker, a test). No deferral.
    package func respond(to request: HTTPRequest) -> HTTPResponse {
        let started = MonotonicClock.now()
        return answered(request, matched: Self.route(for: request.path), state: nil, mayBlock: true, started: started)
    }

    /// The row's answer (or the error it throws), counted and logged under the row.
    func answered(_ request: HTTPRequest, matched: Match?, state: ServiceState?, mayBlock: Bool,
                  started: UInt64) -> HTTPResponse {
        let response = Self.answer { try route(request, matched: matched, state: state, mayBlock: mayBlock) }
        return recorded(request, route: matched?.index, started: started, response: response)
    }

    /// The matched row's handler; a 404 without a row, a 405 for a method it does not take.
    /// - Parameter state: the snapshot to answer from (`nil`: the one served now).
    func route(_ request: HTTPRequest, matched: Match?, state: ServiceState?, mayBlock: Bool) throws -> HTTPResponse {
        guard let matched else {
            // The parser yields `*` only for OPTIONS (RFC 9110 §9.3.7): what the server supports at all.
            if request.path == "*" { return HTTPResponse(status: .ok, headers: [.allow: Self.serverMethods]) }
            throw APIError.notFound(request.path)
        }
        let route = Self.routes[matched.index]
        guard route.methods.contains(request.method) else {
            throw APIError.methodNotAllowed(request.method, allow: route.allow)
        }
        // One snapshot for the whole answer, except where a worker row reads the state it finds.
        var snapshot = state
        if snapshot == nil, !route.placement(for: request.method).readsCurrentState { snapshot = holder.state }
        return try handle(route, request, matched, state: snapshot, mayBlock: mayBlock)
    }

    /// The row's handler, for a method it takes.
    @inline(__always)
    private func handle(_ route: LabelRoute, _ request: HTTPRequest, _ matched: Match, state: ServiceState?,
                        mayBlock: Bool) throws -> HTTPResponse {
        try route.handler(self, request, LabelRoute.Call(parameterStart: matched.parameterStart, snapshot: state,
                                                         holder: holder, mayBlock: mayBlock))
    }

    /// Runs `work` on `worker`'s thread.
    func run(on worker: LabelWorker, _ work: @escaping @Sendable () -> Void) {
        switch worker {
        case .reload:
            // Placed there only when a reloader exists (``acceptsReload(_:)``).
            guard let reloader else { preconditionFailure("the reload worker without a reloader") }
            reloader.run(work)
        case .stateWrites:
            LabelWorker.stateWritesQueue.async(execute: work)
        case .builds:
            LabelWorker.buildsQueue.async(execute: work)
        }
    }
}
