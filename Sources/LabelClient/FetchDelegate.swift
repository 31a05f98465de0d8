import Foundation
import LabelCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads each ``HTTPFetcher`` body as it arrives and stops it at the limit.
///
/// One delegate per session (`URLSession` keeps it until invalidated), one
/// ``Download`` per data task, found by task identifier. `URLSession` calls
/// it on its own serial delegate queue; the lock is for `register`, which
/// runs on the caller's.
final class FetchDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// What one data task has read so far and whom to tell when it ends.
    struct Download: Sendable {
        var limit: Int
        var once: ResumeOnce
        var body = Data()

        init(limit: Int, once: ResumeOnce) {
            self.limit = limit
            self.once = once
        }
    }

    private let downloads = Locked<[Int: Download]>([:])

    func register(_ task: URLSessionTask, _ download: Download) {
        downloads.withLock { $0[task.taskIdentifier] = download }
    }

    /// Ends a download early: the caller gets `error`, the task is cancelled.
    private func refuse(_ task: URLSessionTask, _ error: LabelClientError) {
        let download = downloads.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        download?.once.resume(.failure(error))
        task.cancel()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let limit = downloads.withLock { $0[dataTask.taskIdentifier]?.limit }
        // A declared length over the limit is refused before a byte of the body is read.
        if let limit, response.expectedContentLength > Int64(limit) {
            refuse(dataTask, .bodyTooLarge(limit: limit))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // Counted as delivered: decompressed when the body is gzip.
        let over: Int? = downloads.withLock { downloads in
            // In place: a copy taken out and stored back would share the body's storage
            // with the dictionary, so every append would copy the whole body so far.
            guard let index = downloads.index(forKey: dataTask.taskIdentifier) else { return nil }
            let limit = downloads.values[index].limit
            guard data.count <= limit - downloads.values[index].body.count else { return limit }
            downloads.values[index].body.append(data)
            return nil
        }
        if let over { refuse(dataTask, .bodyTooLarge(limit: over)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let download = downloads.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let http = task.response as? HTTPURLResponse, error == nil {
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name] = value }
            }
            download.once.resume(.success(HTTPFetcher.Response(status: http.statusCode, headers: headers, body: download.body)))
        } else if let error = error as? URLError, error.code == .timedOut {
            download.once.resume(.failure(LabelClientError.timedOut))
        } else {
            download.once.resume(.failure(LabelClientError.transport(.session(error.map { "\($0.localizedDescription)" }))))
        }
    }
}
