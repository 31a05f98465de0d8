import HTTP1

extension LabelService {
    /// Every route, once: path, methods, which of them fan out to the fleet, handler.
    /// The order is the order of `/metrics`' route labels.
    static let routes: [LabelRoute] = [
        LabelRoute(.parameter(prefix: "/labels/", name: "key"), [.get, .head]) { service, request, key in
            try service.label(rawKey: key, request: request)
        },
        LabelRoute(.exact("/labels"), [.get, .head]) { service, request, _ in
            try service.labelBundle(request)
        },
        LabelRoute(.exact("/missing"), [.get, .head, .post, .delete],
                   fleet: [.get: .missingRead, .head: .missingRead, .delete: .missingReset]) { service, request, _ in
            try checkScope(request)
            return try service.missingReport(request)
        },
        LabelRoute(.exact("/coverage"), [.get, .head]) { service, request, _ in
            try service.coverageReport(request)
        },
        LabelRoute(.exact("/usage"), [.get, .head], fleet: [.get: .usageRead, .head: .usageRead]) { service, request, _ in
            try service.usageReport(request)
        },
        LabelRoute(.exact("/healthz"), [.get, .head]) { _, _, _ in
            json(.ok, #"{"status":"ok"}"#)
        },
        LabelRoute(.exact("/readyz"), [.get, .head]) { service, _, _ in
            service.readiness.isReady
                ? json(.ok, #"{"status":"ready"}"#)
                : json(.serviceUnavailable, #"{"status":"shutting down"}"#)
        },
        LabelRoute(.exact("/metrics"), [.get, .head]) { service, _, _ in
            service.metricsResponse()
        },
        LabelRoute(.exact("/admin/reload"), [.post], fleet: [.post: .reload]) { service, request, _ in
            try service.admin.check(request)
            try checkScope(request)
            return service.reload()
        },
    ]

    /// Every method some route answers, in the table's order, then `OPTIONS`: for `OPTIONS *`.
    static let serverMethods: String = {
        var methods: [HTTPMethod] = []
        for route in routes {
            for method in route.methods where !methods.contains(method) { methods.append(method) }
        }
        return (methods + [.options]).map(\.rawValue).joined(separator: ", ")
    }()

    /// The index in ``routes`` of the route for `path`, and the captured parameter.
    static func route(for path: String) -> (index: Int, parameter: Substring)? {
        for index in routes.indices {
            if let parameter = routes[index].match(path) { return (index, parameter) }
        }
        return nil
    }

    /// Dispatches through ``routes``: a known path with another method is a 405 listing the route's methods.
    func route(_ request: HTTPRequest, matched: (index: Int, parameter: Substring)?) throws -> HTTPResponse {
        guard let matched else {
            // The parser yields `*` only for OPTIONS (RFC 9110 §9.3.7): what the server supports at all.
            if request.path == "*" { return HTTPResponse(status: .ok, headers: ["Allow": Self.serverMethods]) }
            throw APIError.notFound(request.path)
        }
        let route = Self.routes[matched.index]
        guard route.methods.contains(request.method) else {
            throw APIError.methodNotAllowed(request.method, allow: route.allow)
        }
        return try route.handler(self, request, matched.parameter)
    }
}
