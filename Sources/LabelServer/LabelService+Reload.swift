import Dispatch
import HTTP1
import HTTPServer
import LabelCore

/// `POST /admin/reload`: the caller learns the result, and no event loop waits for it.
extension LabelService {
    /// Starts an accepted `POST /admin/reload` on the reloader's worker and defers its
    /// response (the loop keeps serving other connections meanwhile).
    /// - Returns: false when `request` is not one: anything refused (405, 401/403, a bad
    ///   scope, no reloadable store) is answered at once by ``route(_:)``.
    func deferringReload(_ request: HTTPRequest, context: HTTPRequestContext) -> Bool {
        guard request.path == "/admin/reload", request.method == .post, let reloader,
              (try? admin.check(request)) != nil, (try? Self.checkScope(request)) != nil else { return false }
        let started = DispatchTime.now().uptimeNanoseconds
        let promise = context.deferResponse()
        reloader.reloadInBackground { result in
            promise.succeed(recorded(request, started: started, response: Self.reloadResponse(result)))
        }
        return true
    }

    /// `POST /admin/reload` on the calling thread (the fleet's queue, or a direct call).
    func reload() -> HTTPResponse {
        guard let reloader else {
            return APIError(.notFound, "reload_unavailable", "this server was started without a reloadable store").response
        }
        return Self.reloadResponse(reloader.reload())
    }

    static func reloadResponse(_ result: Result<ServiceState, StoreLoadError>) -> HTTPResponse {
        switch result {
        case .success(let state):
            var writer = JSONWriter()
            writer.beginObject()
            writer.field("status", "reloaded")
            writer.field("strings", state.catalog.stringCount)
            writer.field("files", state.fileCount)
            writer.endObject()
            return HTTPResponse(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8"], body: writer.bytes)
        case .failure(let error):
            // The store on disk is broken, not the request: 422 with every
            // problem, while the previous catalog keeps serving.
            var writer = JSONWriter()
            writer.beginObject()
            writer.field("error", "reload_failed")
            writer.field("message", "the store has errors; the previous catalog keeps serving:\n\(error)")
            writer.endObject()
            return HTTPResponse(status: HTTPStatus(code: 422), headers: ["Content-Type": "application/json; charset=utf-8"],
                                body: writer.bytes)
        }
    }
}
