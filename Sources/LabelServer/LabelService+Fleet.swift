import Dispatch
import Foundation
public import HTTP1
public import HTTPServer
import LabelCore
import MissingKeys

/// Answers that span the fleet (`--peers`): merged reads and fleet-wide writes.
///
/// Reads merge at the entry level: peers send their local report as JSON
/// (`?scope=local`), the entries are merged, and then this replica's own filters,
/// pagination and renderer run on the merged report, so every format (and any added
/// later) shows the fleet. A request with `scope=local` never fans out, which is what
/// peers receive: no request travels twice. Everything here runs on ``Fleet/queue``,
/// never on an event loop; the loop gets the answer through an ``HTTPResponsePromise``.
extension LabelService {
    /// What fans out.
    enum FleetRoute {
        /// `GET`/`HEAD /missing`: every replica's report, merged.
        case missingRead
        /// `GET`/`HEAD /usage`: every replica's counts, summed per key.
        case usageRead
        /// `DELETE /missing` on every replica.
        case missingReset
        /// `POST /admin/reload` on every replica.
        case reload

        var isWrite: Bool { self == .missingReset || self == .reload }
    }

    /// `scope=fleet` (the default: every replica when peers are configured) or `scope=local`
    /// (this replica only); anything else is a 400, with or without peers.
    static func checkScope(_ request: HTTPRequest) throws {
        _ = try QueryParameters(request).scopeValue()
    }

    /// The fleet route for `request`, or nil when it is answered by this replica alone.
    func fleetRoute(for request: HTTPRequest) -> FleetRoute? {
        // The table says which routes fan out (`/coverage` does not: it is computed from the
        // store, the same on every replica serving the same store; README, "Fleet").
        guard fleet != nil, let matched = Self.route(for: request.path),
              let route = Self.routes[matched.index].fleet[request.method] else { return nil }
        switch route {
        case .missingRead, .missingReset: if missing == nil { return nil }
        case .usageRead: if usage == nil { return nil }
        case .reload: if reloader == nil { return nil }
        }
        // A bad query (or scope) is answered by the local route with its 400.
        let scope: String?
        do {
            scope = try QueryParameters(request).scopeValue()
        } catch {
            return nil
        }
        return scope == "local" ? nil : route
    }

    public func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPResponse? {
        switch answerBundle(request, context: context) {
        case .now(let response): return response
        case .deferred: return nil
        case .notHandled: break
        }
        guard let fleet, let route = fleetRoute(for: request) else {
            let deferred = deferringReload(request, context: context) || deferringUntilCoverage(request, context: context)
            return deferred ? nil : respond(to: request)
        }
        // Refused writes are refused here, before any peer hears of them.
        if route.isWrite, (try? admin.check(request)) == nil { return respond(to: request) }
        let started = DispatchTime.now().uptimeNanoseconds
        guard fleet.begin() else {
            let busy = APIError(.serviceUnavailable, "fleet_busy", "too many fleet requests in flight; retry",
                                headers: ["Retry-After": "1"])
            return recorded(request, started: started, response: busy.response)
        }
        let promise = context.deferResponse()
        fleet.queue.async {
            defer { fleet.end() }
            let response = Self.answer {
                switch route {
                case .missingRead: try fleetMissing(request, fleet: fleet)
                case .usageRead: try fleetUsage(request, fleet: fleet)
                case .missingReset, .reload: try fleetWrite(request, fleet: fleet)
                }
            }
            promise.succeed(recorded(request, started: started, response: response))
        }
        return nil
    }

    // MARK: Reads

    /// The fleet's `GET /missing`: this replica's report merged with every peer's.
    private func fleetMissing(_ request: HTTPRequest, fleet: Fleet) throws -> HTTPResponse {
        guard let missing else { throw APIError.notFound(request.path) }
        // Validate the query on an empty report first: a bad request costs no peer a call.
        let check = try readMissing(request, store: missing, source: MissingReport(entries: [], since: Date()))
        guard check.status == .ok else { return check }
        // Filters are per entry, so peers may apply them first: fewer bytes to send and merge.
        var filters = ""
        for item in try request.queryItems() where item.name == "lang" || item.name == "table" {
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
            filters += "&\(item.name)=\(item.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }
        let gathered = gatherReports(fleet: fleet, filters: filters)
        let merged = missing.recorder.snapshot().merging(gathered.reports)
        let response = try readMissing(request, store: missing, source: merged, unreachable: gathered.unreachable)
        return Self.markFleet(response, unreachable: gathered.unreachable, fleet: fleet)
    }

    /// The fleet's `GET /usage`: hits summed per `(table, key)`, last request the latest,
    /// `since` the earliest. Peers send every key (`unused` applies after the sum: a key
    /// unused here may be used elsewhere); the keys shown are this replica's catalog's.
    private func fleetUsage(_ request: HTTPRequest, fleet: Fleet) throws -> HTTPResponse {
        let (usage, query) = try usageQuery(request)
        var filters = ""
        if let table = query.filters.table {
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
            filters = "&table=\(table.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }
        var (since, totals) = usage.snapshot()
        var unreachable: [String] = []
        for outcome in fleet.call(.get, target: "/usage?scope=local&format=json\(filters)", admin: false, timeout: fleet.timeout) {
            guard case .success(let response)? = outcome.result, response.status == .ok,
                  let decoded = UsageStore.decode(response.body), decoded.clamped == 0 else {
                unreachable.append(outcome.peer)
                continue
            }
            since = min(since, decoded.since)
            for (key, value) in decoded.totals where value.hits > 0 || value.latest > 0 {
                totals[key, default: UsageStore.Totals(hits: 0, latest: 0)].add(value)
            }
        }
        if !unreachable.isEmpty { fleet.metrics.recordPartial() }
        let response = try usageResponse(request, query: query, since: since, totals: totals, unreachable: unreachable)
        return Self.markFleet(response, unreachable: unreachable, fleet: fleet)
    }

    /// Peers' local reports (every page of them), and the peers that gave none in time.
    func gatherReports(fleet: Fleet, filters: String = "") -> (reports: [MissingReport], unreachable: [String]) {
        let pageSize = 10_000
        var reports: [MissingReport] = []
        var unreachable: [String] = []
        let started = DispatchTime.now().uptimeNanoseconds
        for outcome in fleet.call(.get, target: "/missing?scope=local&format=json&limit=\(pageSize)\(filters)", admin: false,
                                  timeout: fleet.timeout) {
            guard case .success(let response)? = outcome.result, response.status == .ok,
                  var page = MissingReport.decodePage(response.body) else {
                unreachable.append(outcome.peer)
                continue
            }
            // A peer that paginates sends the rest on request, within what is left of the timeout.
            var entries = page.report.entries
            while entries.count < page.total, let address = outcome.address {
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                let next = fleet.call(.get, target: "/missing?scope=local&format=json&limit=\(pageSize)&offset=\(entries.count)\(filters)",
                                      admin: false, timeout: fleet.timeout - elapsed, only: [address]).first
                guard case .success(let more)? = next?.result, more.status == .ok,
                      let nextPage = MissingReport.decodePage(more.body), !nextPage.report.entries.isEmpty else { break }
                entries += nextPage.report.entries
                page.total = nextPage.total
            }
            if entries.count < page.total {
                unreachable.append(outcome.peer)
                continue
            }
            reports.append(entries.count == page.report.entries.count ? page.report
                           : MissingReport(entries: entries, dropped: page.report.dropped, since: page.report.since,
                                           limits: page.report.limits))
        }
        if !unreachable.isEmpty { fleet.metrics.recordPartial() }
        return (reports, unreachable)
    }

    /// Adds `partial`/`unreachable` to a JSON body, and for every format the
    /// ``Fleet/partialHeader`` when a peer was left out. (A page renders its own banner:
    /// the renderer is given the unreachable peers.)
    static func markFleet(_ response: HTTPResponse, unreachable: [String], fleet: Fleet) -> HTTPResponse {
        var response = response
        if !unreachable.isEmpty {
            response.headers.add(name: Fleet.partialHeader, value: unreachable.joined(separator: ","))
        }
        let type = response.headers.first(name: "Content-Type") ?? ""
        if type.hasPrefix("application/json"), response.body.first == UInt8(ascii: "{") {
            var writer = JSONWriter()
            writer.beginObject()
            writer.field("partial", raw: Array((unreachable.isEmpty ? "false" : "true").utf8))
            var list: [UInt8] = [UInt8(ascii: "[")]
            for (index, peer) in unreachable.enumerated() {
                if index > 0 { list.append(UInt8(ascii: ",")) }
                JSONWriter.appendQuoted(peer, to: &list)
            }
            writer.field("unreachable", raw: list + [UInt8(ascii: "]")])
            writer.endObject()
            // `{"partial":…,"unreachable":[…]}` + the body's fields after its `{`.
            var body = Array(writer.bytes.dropLast())
            let rest = response.body.dropFirst()
            if rest.first != UInt8(ascii: "}") { body.append(UInt8(ascii: ",")) }
            body += rest
            response.body = body
            response.gzipBody = nil
        }
        return response
    }

    // MARK: Writes

    /// `DELETE /missing` or `POST /admin/reload` here and on every peer, with a report per replica.
    private func fleetWrite(_ request: HTTPRequest, fleet: Fleet) throws -> HTTPResponse {
        let local: HTTPResponse
        do {
            local = try route(request)
        } catch let error as any HTTPResponseError {
            local = error.response
        }
        let target = request.path + "?scope=local"
        let outcomes = fleet.call(request.method, target: target, admin: true, timeout: max(fleet.timeout, 10))
        var list = JSONWriter()
        var unreachable: [String] = []
        var failed = !(200..<300).contains(local.status.code)
        func replica(_ name: String, status: Int?, body: [UInt8]?, error: String?) {
            list.beginObject()
            list.field("replica", name)
            if let status { list.field("status", status) }
            if let body, (try? JSONSerialization.jsonObject(with: Data(body))) is [String: Any] {
                list.field("response", raw: body)
            }
            if let error { list.field("error", error) }
            list.endObject()
        }
        replica("self", status: local.status.code, body: local.body, error: nil)
        for outcome in outcomes {
            switch outcome.result {
            case .success(let response)?:
                if !(200..<300).contains(response.status.code) { failed = true }
                replica(outcome.peer, status: response.status.code, body: response.body, error: nil)
            case .failure(let failure)?:
                unreachable.append(outcome.peer)
                replica(outcome.peer, status: nil, body: nil, error: failure.description)
            case nil:
                unreachable.append(outcome.peer)
                replica(outcome.peer, status: nil, body: nil, error: "not called")
            }
        }
        if !unreachable.isEmpty { fleet.metrics.recordPartial() }
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("status", failed ? "failed" : (request.path == "/missing" ? "reset" : "reloaded"))
        writer.field("replicas", raw: [UInt8(ascii: "[")] + list.bytes + [UInt8(ascii: "]")])
        writer.endObject()
        // A replica that refused (a broken store: 422) makes the whole answer that status.
        let status = failed ? (local.status.code >= 300 ? local.status : HTTPStatus(code: 422)) : HTTPStatus.ok
        let response = HTTPResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"],
                                    body: writer.bytes)
        return Self.markFleet(response, unreachable: unreachable, fleet: fleet)
    }
}
