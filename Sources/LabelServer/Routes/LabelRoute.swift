import Dispatch
import HTTP1

/// One row of ``LabelService/routes``: where a route is, which methods it answers,
/// the label its requests are counted under, where each method runs, and the handler.
///
/// The dispatcher (``LabelService/respond(to:context:)``), the `405` and its `Allow`,
/// `OPTIONS *` and the metrics' route labels all read the table, so a route is declared once.
/// A class: the dispatcher passes a row around, and a struct of this many references
/// cost a retain and a release each per copy.
final class LabelRoute: Sendable {
    /// What a request path must be.
    enum Path: Sendable {
        case exact(String)
        /// `prefix` then one parameter, the rest of the path: `/labels/{key}`.
        case parameter(prefix: String, name: String)
    }

    /// Where a request runs. Event loops answer inline only what reads precomputed data or
    /// renders a bounded page; anything that blocks (a reload, an fsync, a build) runs on
    /// a ``LabelWorker`` and the loop defers its response.
    enum Placement: Sendable {
        /// Inline on the event loop.
        case loop
        /// On the worker when `accepts` says the route takes the request; a refusal (401,
        /// 403, a bad scope, a disabled feature) is answered inline, as it never blocks.
        case worker(LabelWorker, accepts: @Sendable (LabelService, HTTPRequest) -> Bool)
        /// Inline once the served state's coverage is computed; until then on
        /// ``LabelWorker/builds``, which computes it or waits for it.
        case afterCoverage
        /// Inline when what the request reads is built; otherwise the handler, called with
        /// ``Call/mayBlock`` false, throws ``NotBuilt`` and is called again on the worker.
        case loopWhenBuilt(LabelWorker)

        /// A worker row answers from the state it finds when it runs, not a snapshot.
        var readsCurrentState: Bool {
            if case .worker = self { return true }
            return false
        }
    }

    /// What a handler is given: the request, the path's captured part (empty for `.exact`),
    /// the state snapshot the dispatcher took (one per request, so a reload in between
    /// cannot change what a check saw) and whether it may block.
    struct Call: Sendable {
        /// Where the path's captured part starts (``LabelService/Match``); a `Substring` made
        /// for every row, used by one, was made and destroyed on every request.
        var parameterStart: String.Index
        /// The captured part of `request`'s path (empty for an exact row).
        func parameter(in request: HTTPRequest) -> Substring { request.path[parameterStart...] }
        /// The snapshot the dispatcher matched against, or `nil` for a worker row that
        /// answers from the state it finds (a reload: holding the old state would keep
        /// its catalog alive past the swap, so the reloader could neither free it nor trim).
        var snapshot: ServiceState?
        var holder: CatalogHolder
        /// The state to answer from: the snapshot, else the one served now.
        var state: ServiceState { snapshot ?? holder.state }
        /// False on an event loop: a `.loopWhenBuilt` handler throws ``NotBuilt`` instead of building.
        var mayBlock: Bool
    }

    /// Thrown by a handler on the loop when its answer needs a build: the dispatcher
    /// calls it again on the row's worker.
    struct NotBuilt: Error {}

    /// Answers a request that matched.
    /// The request is its own argument, borrowed: a copy of it in ``Call`` cost a dozen
    /// retains and releases a request.
    typealias Handler = @Sendable (_ service: LabelService, _ request: HTTPRequest, _ call: Call) throws -> HTTPResponse

    let path: Path
    /// In the order `Allow` lists them.
    let methods: [HTTPMethod]
    /// The `route` label in `/metrics`: the path or its pattern, never a client's raw path,
    /// so clients cannot create unbounded label values.
    let label: String
    /// `methods` as an `Allow` value.
    let allow: String
    /// Where the methods not in ``placements`` run.
    let placement: Placement
    /// Methods that run elsewhere than ``placement``.
    let placements: [HTTPMethod: Placement]
    let handler: Handler

    init(_ path: Path, _ methods: [HTTPMethod], runs placement: Placement = .loop, placements: [HTTPMethod: Placement] = [:],
         handler: @escaping Handler) {
        self.path = path
        self.methods = methods
        self.placement = placement
        self.placements = placements
        switch path {
        case .exact(let exact): label = exact
        case .parameter(let prefix, let name): label = "\(prefix){\(name)}"
        }
        allow = methods.map(\.rawValue).joined(separator: ", ")
        self.handler = handler
    }

    /// Where `method` runs.
    func placement(for method: HTTPMethod) -> Placement {
        placements.isEmpty ? placement : placements[method] ?? placement
    }

    /// Where the captured parameter starts in `requestPath` when it is this route's (its end
    /// for an exact route: nothing captured), else nil. An index, not a `Substring`: made
    /// for every request, a `Substring` is made and destroyed.
    func match(_ requestPath: String) -> String.Index? {
        switch path {
        case .exact(let exact):
            return requestPath == exact ? requestPath.endIndex : nil
        case .parameter(let prefix, _):
            // Parsed targets are ASCII: compare bytes, in place (not a `Character` walk of the
            // prefix, nor a generic `utf8.starts(with:)`, neither specialized here).
            // Only when the byte after the prefix could start a grapheme joining the
            // prefix's last one (non-ASCII) do `Character` semantics decide.
            let bytesMatch: Bool? = requestPath.utf8.withContiguousStorageIfAvailable { path in
                prefix.utf8.withContiguousStorageIfAvailable { prefix in
                    path.count >= prefix.count && UnsafeBufferPointer(rebasing: path[..<prefix.count]).elementsEqual(prefix)
                        && (path.count == prefix.count || path[prefix.count] < 0x80)
                } ?? false
            }
            if bytesMatch == true {
                return requestPath.utf8.index(requestPath.startIndex, offsetBy: prefix.utf8.count)
            }
            return requestPath.hasPrefix(prefix) ? requestPath.dropFirst(prefix.count).startIndex : nil
        }
    }
}

/// The threads that answer what an event loop must not: each placement names one.
enum LabelWorker: Sendable {
    /// The reloader's serial queue: one reload at a time, SIGHUP and the watcher included.
    case reload
    /// A serial queue for the state files the API writes (`DELETE /missing`).
    case stateWrites
    /// Compute-once builds (``ComputedOnce``): a bundle's bodies and a state's coverage.
    case builds

    /// `.stateWrites`' queue: the reset renders and fsyncs the file (a serial queue gets a
    /// thread of its own, whatever the shared pool is doing).
    static let stateWritesQueue = DispatchQueue(label: "label-server.missing-reset")
    /// `.builds`' queue: concurrent, as first requests for different bundles build in parallel.
    static let buildsQueue = DispatchQueue(label: "label-server.builds", qos: .userInitiated, attributes: .concurrent)
}
