import Clocks
import Foundation
package import HTTP1
import HTTPServer
import LabelCore
package import MissingKeys
import Sockets

/// The label API as an ``HTTPResponder``: dispatches requests through ``routes``
/// (``respond(to:context:)``), turns every error into its JSON response, and counts
/// both in ``Metrics``.
package struct LabelService: HTTPResponder {
    /// The state being served; replaced as a whole on reload.
    package let holder: CatalogHolder
    package let readiness: Readiness
    package let metrics: Metrics
    let admin: AdminAuthorization
    let reloader: StoreReloader?
    let accessLog: AccessLog?
    /// The missing-key report; `nil` keeps none (tests, `resolve`).
    let missing: MissingReportStore?
    /// Requests per catalog key (`GET /usage`); `nil` counts nothing.
    let usage: UsageStore?
    /// The report and usage shared by every replica (`--report-store`); `missing` and `usage` are then nil.
    let shared: (any SharedReportStore)?
    /// Where misses are recorded: the local report's recorder, or the shared store's buffer.
    let recorder: MissingKeyRecorder?
    /// Whether requests are counted per key (`usage`, or the shared store's).
    let countsUsage: Bool
    /// Open connections, read at scrape time (the server is created after the service).
    let openConnections: @Sendable () -> Int?
    /// Rendered `/missing` pages per report generation (see ``MissingReportCache``);
    /// `missingReportMaxAge` bounds how long a large report may lag its newest misses.
    let missingCache: MissingReportCache
    /// Alone, or with the other replicas (`--peers`).
    let fleetMode: FleetMode

    package init(
        catalog: CatalogHolder,
        readiness: Readiness = Readiness(),
        metrics: Metrics = Metrics(),
        admin: AdminAuthorization = AdminAuthorization(token: nil),
        reloader: StoreReloader? = nil,
        accessLog: AccessLog? = nil,
        missing: MissingReportStore? = nil,
        usage: UsageStore? = nil,
        openConnections: @escaping @Sendable () -> Int? = { nil },
        fleet: FleetMode = .single,
        missingReportMaxAge: Duration = .seconds(1),
        sharedReport: (any SharedReportStore)? = nil
    ) {
        fleetMode = fleet
        self.holder = catalog
        self.readiness = readiness
        self.metrics = metrics
        self.admin = admin
        self.reloader = reloader
        self.accessLog = accessLog
        self.missing = missing
        self.usage = usage
        shared = sharedReport
        recorder = missing?.recorder ?? sharedReport?.recorder
        countsUsage = usage != nil || sharedReport?.countsUsage == true
        self.openConnections = openConnections
        missingCache = MissingReportCache(maximumAge: missingReportMaxAge)
    }

    /// What `handler` returns, or the answer to what it throws: the one place a thrown
    /// error becomes a response, for the loops and for the workers of deferred answers.
    @inline(__always)
    static func answer(_ handler: () throws -> HTTPResponse) -> HTTPResponse {
        do {
            return try handler()
        } catch let error as any HTTPResponseError {
            return error.response
        } catch {
            // Handlers throw only HTTPResponseError; this keeps the type system honest.
            return APIError(.internalServerError, "internal_error", "\(error)").response
        }
    }

    /// Counts and logs an answer; with peers, says which replica gave it.
    ///
    /// `consuming`: the response is taken over, so adding a header does not copy its fields
    /// (unless they are shared: the label route's, built once per load, are copied once).
    /// `X-Content-Type-Options` is not added here but by the encoder (``fieldsOnEveryResponse``),
    /// so a response with shared fields (both label routes') goes out without a copy.
    ///
    /// - Parameter route: the index in ``routes`` (`nil`: no route, counted as `other`).
    func recorded(_ request: HTTPRequest, route: Int?, started: UInt64, response: consuming HTTPResponse) -> HTTPResponse {
        var response = response
        if fleetMode.hasPeers, case .fleet(let fleet) = fleetMode, route.map({ Self.routes[$0].namesReplica }) ?? true {
            response.headers.add(Fleet.instanceHeader, value: fleet.instanceID)
        }
        let seconds = Double(MonotonicClock.now() &- started) / 1e9
        metrics.record(route: route.map(Metrics.Route.init(index:)) ?? .other, status: response.status.code, seconds: seconds)
        accessLog?.record(request: request, status: response.status.code, bytes: response.body.count, seconds: seconds)
        return response
    }

    package func respond(to error: HTTPParseError) -> HTTPResponse {
        unparsed(error)
    }

    package func respond(to timeout: HTTPConnectionState.ReadTimeout) -> HTTPResponse {
        unparsed(timeout)
    }

    /// A request that never reached a route: counted as `unparsed`, answered as JSON.
    private func unparsed(_ error: some HTTPResponseError) -> HTTPResponse {
        metrics.record(route: .unparsed, status: error.status.code, seconds: 0)
        return error.response
    }

    /// `X-Content-Type-Options: nosniff` on every response, errors included: a browser must
    /// never sniff a JSON error into HTML. Written by the encoder after each response's fields.
    package var fieldsOnEveryResponse: EncodedFields { Self.everyResponse }

    private static let everyResponse = EncodedFields(["X-Content-Type-Options": "nosniff"])

    /// `GET /labels/{key}`: one rendered label.
    func label(rawKey: Substring, request: HTTPRequest, state: ServiceState) throws -> HTTPResponse {
        let query = try LabelQuery(rawKey: rawKey, request: request)
        // One probe with `lang` gives the chain and the fields of a value in that language.
        let requested = query.language.flatMap(state.labelLanguages.language)
        let chain = requested?.chain ?? query.chain(state.resolver)
        // `LabelResolver.label` in two steps: the lookup also gives the key's usage slot.
        var keySlot: Int?
        let resolution = state.resolver.resolve(key: query.key, table: query.table, chain: chain, keySlot: &keySlot)
        let label = try ResolvedLabel(resolution: resolution, arguments: query.arguments,
                                      development: state.catalog.developmentLanguage)
        // Counted once rendered (a request refused for its arguments counts nothing), and
        // only a key the catalog has: others are the missing report's.
        if countsUsage, let keySlot {
            state.usage.record(slot: keySlot, at: Int64(time(nil)))
        }
        if label.isMissing {
            metrics.recordMissingHit()
            recorder?.record(table: label.table, key: label.key, requested: label.requested?.rawValue ?? "und",
                                     servedFrom: label.source, at: Date())
        } else if let plural = label.pluralMiss {
            // Found in the requested language, but without the form this count needs.
            metrics.recordMissingHit()
            recorder?.record(table: label.table, key: label.key, requested: label.requested?.rawValue ?? "und",
                                     servedFrom: label.source, at: Date(), plural: plural)
        }
        let headers = if let requested, label.language == query.language {
            requested.headers(plainText: query.plainText)
        } else {
            state.labelLanguages.headers(language: label.language, plainText: query.plainText)
        }
        return HTTPResponse(status: .ok, fields: headers, body: query.plainText ? Array(label.value.utf8) : label.jsonBytes(chain: chain))
    }

    func metricsResponse() -> HTTPResponse {
        let state = holder.state
        let gauges = Metrics.Gauges(
            strings: state.catalog.stringCount, files: state.fileCount, tables: state.catalog.tables.count,
            languages: state.catalog.languages.count, bundles: state.bundles.count,
            loadTimestamp: state.loadedAt.timeIntervalSince1970, openConnections: openConnections(),
            missingEntries: missing.map { $0.recorder.statistics().entries },
            missingDropped: missing.map { $0.recorder.statistics().dropped.hits },
            missingReportedRefused: missing.map { $0.recorder.statistics().dropped.reported },
            stateWriteFailures: (missing.map { [(MissingReportStore.fileName, $0.writeFailures)] } ?? [])
                + (usage.map { [(UsageStore.fileName, $0.writeFailures)] } ?? []))
        return HTTPResponse(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                            body: Array((metrics.render(gauges) + fleetMetrics() + (shared?.metricsText() ?? "")).utf8))
    }

    static func json(_ status: HTTPStatus, _ body: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: Array(body.utf8))
    }
}
