import Foundation
import LabelCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP exchange with a hard deadline and a body limit that bounds what is read.
///
/// `URLRequest.timeoutInterval` is an idle timeout (a server trickling bytes
/// resets it), so the deadline is enforced here too: whichever comes first of
/// the response and the deadline resumes the caller once, and the losing
/// task is cancelled.
///
/// How the body is read depends on the platform (``Route``; the reasons and the
/// measurements are in docs/decisions/client-body-limit.md):
/// - Apple platforms: a `URLSession` data task read through a delegate
///   (``FetchDelegate``), never buffered whole by `URLSession`: a declared
///   `Content-Length` over `bodyLimit` is refused on the head, and any other body
///   (chunked, unknown length, gzip — `URLSession` hands the delegate decompressed
///   bytes) is stopped as soon as the running total passes the limit.
/// - Linux, `http://`: ``PlainHTTPExchange``, a socket read through HTTP1's parser,
///   which reads no further than the limit.
/// - Linux, `https://`: the same `URLSession` data task. There the limit bounds what
///   is kept, not what is read: swift-corelibs-foundation queues every piece for the
///   delegate with no backpressure and cancels later, so a peer faster than the
///   delegate queue drains (an endless body, a gzip bomb) can hold far more in
///   memory before the task stops (its download tasks do the same, and leave the
///   temporary file behind). No TLS of our own: the package has no dependencies.
///
/// A body past the limit is ``LabelClientError/bodyTooLarge(limit:)``.
struct HTTPFetcher: Sendable {
    struct Response: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data

        /// A header by case-insensitive name.
        func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    /// How a request is sent and its body read.
    enum Route: Sendable {
        /// `URLSession`, a data task: the body arrives through ``FetchDelegate``.
        case dataTask
        /// ``PlainHTTPExchange`` (Linux, `http://` only).
        case socket
    }

    let session: URLSession
    let bodyLimit: Int
    /// The route for every request, whatever its URL; `nil`: ``route(for:)``. For tests.
    let forcedRoute: Route?
    private let delegate: FetchDelegate

    /// The route of a request to `url` on this platform.
    static func route(for url: URL?) -> Route {
        #if os(Linux)
        url?.scheme?.lowercased() == "http" ? .socket : .dataTask
        #else
        .dataTask
        #endif
    }

    init(bodyLimit: Int, forcedRoute: Route? = nil) {
        self.forcedRoute = forcedRoute
        let configuration = URLSessionConfiguration.ephemeral
        // The client keeps its own cache with its own validators; a URL cache
        // underneath would answer 304s for us and hide them.
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        let delegate = FetchDelegate()
        self.delegate = delegate
        self.bodyLimit = bodyLimit
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    func send(_ request: URLRequest, deadline seconds: TimeInterval) async throws(LabelClientError) -> Response {
        #if os(Linux)
        if (forcedRoute ?? Self.route(for: request.url)) == .socket {
            return try await sendFollowingRedirects(request, deadline: seconds)
        }
        #endif
        return try await sendThroughURLSession(request, deadline: seconds)
    }

    /// The exchange through `URLSession`'s data task, which follows redirects itself.
    func sendThroughURLSession(_ request: URLRequest, deadline seconds: TimeInterval) async throws(LabelClientError) -> Response {
        var request = request
        request.timeoutInterval = max(seconds, 0.001)
        let once = ResumeOnce()
        do {
            return try await withTaskCancellationHandler {
                try await exchange(request, seconds: seconds, once: once)
            } onCancel: {
                once.resume(.failure(LabelClientError.transport(.cancelled)))
            }
        } catch let error as LabelClientError {
            throw error
        } catch {
            throw .transport(.session("\(error)"))
        }
    }

    private func exchange(_ request: URLRequest, seconds: TimeInterval, once: ResumeOnce) async throws -> Response {
        let session = self.session
        let delegate = self.delegate
        let limit = bodyLimit
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Response, Error>) in
            guard once.set(continuation) else { return }
            let task = session.dataTask(with: request)
            // A Dispatch timer, not a sleeping task: it fires even when the
            // cooperative pool is busy (an app blocking it must not stretch the launch).
            let timer = DispatchWorkItem { once.resume(.failure(LabelClientError.timedOut)) }
            guard once.attach(task: task, timer: timer) else { return }
            delegate.register(task, FetchDelegate.Download(limit: limit, once: once))
            task.resume()
            DispatchQueue.global().asyncAfter(deadline: .now() + max(seconds, 0), execute: timer)
        }
    }
}

/// Resumes a continuation exactly once, from whichever of the data task, the
/// deadline and cancellation comes first; the others are cancelled. A result
/// arriving before the continuation exists (cancelled at once) is kept for it.
final class ResumeOnce: Sendable {
    private struct State {
        var continuation: CheckedContinuation<HTTPFetcher.Response, any Error>?
        var task: URLSessionDataTask?
        var timer: DispatchWorkItem?
        var early: Result<HTTPFetcher.Response, any Error>?
        var done = false
    }

    private let state = Locked(State())

    /// Stores the continuation; `false` (and resumed) when the outcome is already known.
    func set(_ continuation: CheckedContinuation<HTTPFetcher.Response, any Error>) -> Bool {
        let early: Result<HTTPFetcher.Response, any Error>? = state.withLock { state in
            if state.done { return state.early }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early); return false }
        return true
    }

    /// Attaches what to cancel; `false` (and cancelled) when the outcome is already known.
    func attach(task: URLSessionDataTask, timer: DispatchWorkItem) -> Bool {
        let finished = state.withLock { state in
            if state.done { return true }
            state.task = task
            state.timer = timer
            return false
        }
        if finished { task.cancel(); timer.cancel() }
        return !finished
    }

    func resume(_ result: Result<HTTPFetcher.Response, any Error>) {
        let (continuation, task, timer) = state.withLock {
            (state: inout State) -> (CheckedContinuation<HTTPFetcher.Response, any Error>?, URLSessionDataTask?, DispatchWorkItem?) in
            guard !state.done else { return (nil, nil, nil) }
            state.done = true
            if state.continuation == nil { state.early = result }
            defer { state.continuation = nil; state.task = nil; state.timer = nil }
            return (state.continuation, state.task, state.timer)
        }
        timer?.cancel()
        if case .failure = result { task?.cancel() }
        continuation?.resume(with: result)
    }
}
