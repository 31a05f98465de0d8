import Dispatch
import HTTP1
import HTTPServer

/// Requests that need the catalog's coverage before its background worker is done.
extension LabelService {
    /// Defers `GET`/`HEAD /coverage` and `/missing` (whose page shows coverage) to a
    /// worker while the current state's coverage is still being computed (the first
    /// moments after start): the worker waits for it, so no loop ever computes or waits.
    /// - Returns: false when the request does not need to wait (the loop answers it).
    func deferringUntilCoverage(_ request: HTTPRequest, context: HTTPRequestContext) -> Bool {
        guard request.path == "/coverage" || request.path == "/missing", request.method == .get || request.method == .head,
              !holder.state.coverageIsReady else { return false }
        let started = DispatchTime.now().uptimeNanoseconds
        let promise = context.deferResponse()
        CoverageSlot.workers.async {
            let response = Self.answer { try route(request) }
            promise.succeed(recorded(request, started: started, response: response))
        }
        return true
    }
}
