import HTTP1
import LabelCore
import MissingKeys

/// `POST /admin/reload`: the caller learns the result, and no event loop waits for it.
extension LabelService {
    /// Whether `POST /admin/reload` goes to the reload worker: anything refused (401/403,
    /// a bad scope, no reloadable store) is answered at once on the loop.
    func acceptsReload(_ request: HTTPRequest) -> Bool {
        reloader != nil && (try? admin.check(request)) != nil && (try? Self.checkScope(request)) != nil
    }

    /// `POST /admin/reload` on the calling thread: the reload worker, the fleet's thread, or a test.
    func reload() -> HTTPResponse {
        guard let reloader else {
            return APIError(.notFound, "reload_unavailable", "this server was started without a reloadable store").response
        }
        let result = reloader.reload()
        // Every other replica reloads too (each ignores its own message): it reads the same store.
        _ = shared?.publishReload()
        return Self.reloadResponse(result)
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
            return HTTPResponse(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: writer.bytes)
        case .failure(let error):
            // The store on disk is broken, not the request: 422 with every
            // problem, while the previous catalog keeps serving.
            var writer = JSONWriter()
            writer.beginObject()
            writer.field("error", "reload_failed")
            writer.field("message", "the store has errors; the previous catalog keeps serving:\n\(error)")
            writer.endObject()
            return HTTPResponse(status: HTTPStatus(code: 422), headers: [.contentType: "application/json; charset=utf-8"],
                                body: writer.bytes)
        }
    }
}
