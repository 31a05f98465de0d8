import Glibc
import HTTP1

/// One row of ``LabelService/routes``: where a route is, which methods it answers,
/// the label its requests are counted under, and the handler.
///
/// Dispatch, the `405` and its `Allow`, `OPTIONS *` and the metrics' route labels
/// all read the table, so a route is declared once.
struct LabelRoute: Sendable {
    /// What a request path must be.
    enum Path: Sendable {
        case exact(String)
        /// `prefix` then one parameter, the rest of the path: `/labels/{key}`.
        case parameter(prefix: String, name: String)
    }

    /// Answers a request that matched; `parameter` is the path's captured part (empty for `.exact`).
    typealias Handler = @Sendable (_ service: LabelService, _ request: HTTPRequest, _ parameter: Substring) throws -> HTTPResponse

    let path: Path
    /// In the order `Allow` lists them.
    let methods: [HTTPMethod]
    /// The `route` label in `/metrics`: the path or its pattern, never a client's raw path,
    /// so clients cannot create unbounded label values.
    let label: String
    /// `methods` as an `Allow` value.
    let allow: String
    /// The methods whose answer, with peers configured (`--peers`), covers every replica.
    let fleet: [HTTPMethod: LabelService.FleetRoute]
    let handler: Handler

    init(_ path: Path, _ methods: [HTTPMethod], fleet: [HTTPMethod: LabelService.FleetRoute] = [:],
         handler: @escaping Handler) {
        self.path = path
        self.methods = methods
        self.fleet = fleet
        switch path {
        case .exact(let exact): label = exact
        case .parameter(let prefix, let name): label = "\(prefix){\(name)}"
        }
        allow = methods.map(\.rawValue).joined(separator: ", ")
        self.handler = handler
    }

    /// The captured parameter when `path` is this route's, else nil.
    func match(_ requestPath: String) -> Substring? {
        switch path {
        case .exact(let exact):
            return requestPath == exact ? requestPath[requestPath.endIndex...] : nil
        case .parameter(let prefix, _):
            // Parsed targets are ASCII: compare bytes. Only when the byte after the
            // prefix could start a grapheme joining the prefix's last one (non-ASCII)
            // do `Character` semantics decide, as before.
            let bytesMatch: Bool? = requestPath.utf8.withContiguousStorageIfAvailable { path in
                prefix.utf8.withContiguousStorageIfAvailable { prefix in
                    path.count >= prefix.count
                        && (prefix.isEmpty || memcmp(path.baseAddress!, prefix.baseAddress!, prefix.count) == 0)
                        && (path.count == prefix.count || path[prefix.count] < 0x80)
                } ?? false
            }
            if bytesMatch == true {
                return requestPath[requestPath.utf8.index(requestPath.startIndex, offsetBy: prefix.utf8.count)...]
            }
            return requestPath.hasPrefix(prefix) ? requestPath.dropFirst(prefix.count) : nil
        }
    }
}
