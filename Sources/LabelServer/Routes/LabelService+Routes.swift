import HTTP1

extension LabelService {
    /// Every route, once: path, methods, which of them fan out to the fleet, handler.
    /// The order is the order of `/metrics`' route labels.
    static let routes: [LabelRoute] = [
        LabelRoute(.parameter(prefix: "/labels/", name: "key"), [.get, .head], namesReplica: false) { service, request, call in
            try service.label(rawKey: call.parameter(in: request), request: request, state: call.state)
        },
        LabelRoute(.exact("/labels"), [.get, .head], runs: .loopWhenBuilt(.builds), namesReplica: false) { service, request, call in
            try service.labelBundle(request, call)
        },
        LabelRoute(.exact("/missing"), [.get, .head, .post, .delete],
                   fleet: [.get: .missingRead, .head: .missingRead, .delete: .missingReset],
                   placements: [.get: .loopWhenBuilt(.builds), .head: .loopWhenBuilt(.builds),
                                .delete: .worker(.stateWrites) { service, request in service.acceptsMissingReset(request) }]) { service, request, call in
            try checkScope(request)
            // A read waits for the state's coverage (the page shows it) off the loop, as
            // `.afterCoverage` rows do; the backlog it needs is checked by the handler.
            if !call.mayBlock, request.method != .delete, request.method != .post, !call.state.coverageIsReady {
                throw LabelRoute.NotBuilt()
            }
            return try service.missingReport(request, state: call.state, mayBlock: call.mayBlock)
        },
        LabelRoute(.exact("/coverage"), [.get, .head], runs: .afterCoverage) { service, request, call in
            try service.coverageReport(request, state: call.state)
        },
        LabelRoute(.exact("/usage"), [.get, .head], fleet: [.get: .usageRead, .head: .usageRead],
                   runs: .loopWhenBuilt(.builds)) { service, request, call in
            // Inline from this replica's counts; the shared store's (`--report-store`) off the loop.
            try service.usageReport(request, mayBlock: call.mayBlock)
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
        LabelRoute(.exact("/admin/reload"), [.post], fleet: [.post: .reload],
                   runs: .worker(.reload) { service, request in service.acceptsReload(request) }) { service, request, call in
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
    static func route(for path: String) -> Match? {
        for index in routes.indices {
            if let start = routes[index].match(path) { return Match(index: index, parameterStart: start) }
        }
        return nil
    }
}
