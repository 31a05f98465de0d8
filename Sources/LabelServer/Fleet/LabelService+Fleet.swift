import Clocks
import Dispatch
import Foundation
import HTTP1
import HTTPServer
import LabelCore
import LabelTranslators
import MissingKeys
import PeerClient
import Sockets

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

    /// With peers, the fleet route for `request` on its matched `row`, or nil when it is
    /// answered by this replica alone.
    func fleetRoute(_ row: LabelRoute, _ request: HTTPRequest) -> FleetRoute? {
        // The table says which routes fan out (`/coverage` does not: it is computed from the
        // store, the same on every replica serving the same store; docs/decisions/fleet.md).
        guard let route = row.fleet[request.method] else { return nil }
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

    /// A request that fans out, from the dispatcher: on a thread of the fleet's, the loop
    /// deferring its response; a refused write is refused here, before any peer hears of it.
    func answerFleet(_ route: FleetRoute, _ request: HTTPRequest, fleet: Fleet, matched: Match, started: UInt64,
                     context: HTTPRequestContext) -> HTTPResponse? {
        if route.isWrite, (try? admin.check(request)) == nil {
            return answered(request, matched: matched, state: nil, mayBlock: false, started: started)
        }
        // The deadline counts from the arrival: waiting for a thread is part of it.
        let arrival = MonotonicClock.now()
        let kind: Fleet.SlotKind = route.isWrite ? .write : .read
        guard fleet.begin(kind) else {
            let busy = APIError(.serviceUnavailable, "fleet_busy", "too many fleet requests in flight; retry",
                                headers: [.retryAfter: "1"])
            return recorded(request, route: matched.index, started: started, response: busy.response)
        }
        let promise = context.deferResponse()
        fleet.run {
            defer { fleet.end(kind) }
            let response = Self.answer {
                switch route {
                case .missingRead:
                    try fleetMissing(request, fleet: fleet, deadline: MonotonicClock.deadline(after: fleet.timeout, from: arrival))
                case .usageRead:
                    try fleetUsage(request, fleet: fleet, deadline: MonotonicClock.deadline(after: fleet.timeout, from: arrival))
                case .missingReset, .reload:
                    // Writes get at least 10 s: a reload takes its time.
                    try fleetWrite(route, request, matched: matched, fleet: fleet,
                                   deadline: MonotonicClock.deadline(after: max(fleet.timeout, .seconds(10)), from: arrival))
                }
            }
            promise.succeed(recorded(request, route: matched.index, started: started, response: response))
        }
        return nil
    }

    /// The fleet's lines of `GET /metrics`; none alone.
    func fleetMetrics() -> String {
        switch fleetMode {
        case .single: ""
        case .fleet(let fleet): fleet.metrics.render()
        }
    }

    // MARK: Reads

    /// The fleet's `GET /missing`: this replica's report merged with every peer's.
    private func fleetMissing(_ request: HTTPRequest, fleet: Fleet, deadline: UInt64) throws -> HTTPResponse {
        guard let missing else { throw APIError.notFound(request.path) }
        // Validate the query on an empty report first: a bad request costs no peer a call.
        let state = holder.state
        let check = try readMissing(request, store: missing, state: state, source: MissingReport(entries: [], since: Date()))
        guard check.status == .ok else { return check }
        // Filters are per entry, so peers may apply them first: fewer bytes to send and merge.
        var filters = ""
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
        var wantsResolved = false
        for item in try request.queryItems() {
            if item.name == "state" {
                wantsResolved = wantsResolved || item.value != "open"
            } else if item.name == "lang" || item.name == "table" {
                filters += "&\(item.name)=\(item.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
            }
        }
        // `state` is not per replica: an entry is resolved only where every replica holding it
        // resolved it (the merge decides). For `resolved` or `all` peers send every entry, open
        // ones included, and the merged report is filtered; `open` (the default) may filter
        // first, since an entry open anywhere is open.
        filters += wantsResolved ? "&state=all" : ""
        let gathered = gatherReports(fleet: fleet, filters: filters, deadline: deadline)
        let merged = missing.recorder.snapshot().merging(gathered.reports)
        let response = try readMissing(request, store: missing, state: state, source: merged,
                                       unreachable: gathered.leftOut.map(\.peer))
        return Self.markFleet(response, leftOut: gathered.leftOut, fleet: fleet)
    }

    /// The fleet's `GET /usage`: hits summed per `(table, key)`, last request the latest,
    /// `since` the earliest. Peers send every key (`unused` applies after the sum: a key
    /// unused here may be used elsewhere); the keys shown are this replica's catalog's.
    private func fleetUsage(_ request: HTTPRequest, fleet: Fleet, deadline: UInt64) throws -> HTTPResponse {
        let (usage, query) = try usageQuery(request)
        var filters = ""
        if let table = query.filters.table {
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
            filters = "&table=\(table.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }
        var (since, totals) = usage.snapshot()
        var leftOut: [Fleet.LeftOut] = []
        for outcome in fleet.call(.get, target: "/usage?scope=local&format=json\(filters)", admin: false, deadline: deadline) {
            let decoded: (since: Date, totals: [UsageCounters.Key: UsageStore.Totals], clamped: Int)
            switch Self.okBody(outcome) {
            case .failure(let reason):
                leftOut.append(Fleet.LeftOut(peer: outcome.peer, reason: reason.reason))
                continue
            case .success(let body):
                guard let read = UsageStore.decode(body) else {
                    leftOut.append(Fleet.LeftOut(peer: outcome.peer, reason: "not a usage report"))
                    continue
                }
                guard read.clamped == 0 else {
                    leftOut.append(Fleet.LeftOut(peer: outcome.peer, reason: "a hit count above 2^53"))
                    continue
                }
                decoded = read
            }
            since = min(since, decoded.since)
            for (key, value) in decoded.totals where value.hits > 0 || value.latest > 0 {
                totals[key, default: UsageStore.Totals(hits: 0, latest: 0)].add(value)
            }
        }
        if !leftOut.isEmpty { fleet.metrics.recordPartial() }
        let response = try usageResponse(request, query: query, since: since, totals: totals, unreachable: leftOut.map(\.peer))
        return Self.markFleet(response, leftOut: leftOut, fleet: fleet)
    }

    /// A peer's 200 body, or why there is none.
    static func okBody(_ outcome: Fleet.Outcome) -> Result<[UInt8], MissingReport.PageError> {
        switch outcome.result {
        case .success(let response)? where response.status == .ok: .success(response.body)
        case .success(let response)?: .failure(MissingReport.PageError(reason: "answered \(response.status.code)"))
        case .failure(let failure)?: .failure(MissingReport.PageError(reason: failure.description))
        case nil: .failure(MissingReport.PageError(reason: "not called"))
        }
    }

    /// Peers' local reports (every page of them), and the peers left out (no answer by
    /// `deadline`, or an answer that is not a report with every number in range), with why.
    func gatherReports(fleet: Fleet, filters: String = "", deadline: UInt64) -> (reports: [MissingReport], leftOut: [Fleet.LeftOut]) {
        let pageSize = 10_000
        var reports: [MissingReport] = []
        var leftOut: [Fleet.LeftOut] = []
        for outcome in fleet.call(.get, target: "/missing?scope=local&format=json&limit=\(pageSize)\(filters)", admin: false,
                                  deadline: deadline) {
            var page: MissingReport.Page
            do throws(MissingReport.PageError) {
                page = try MissingReport.readPage(try Self.okBody(outcome).get())
            } catch {
                leftOut.append(Fleet.LeftOut(peer: outcome.peer, reason: error.reason))
                continue
            }
            // A peer that paginates sends the rest on request, by the same deadline.
            var entries = page.report.entries
            var problem = "its pages did not all arrive in time"
            while entries.count < page.total, let address = outcome.address {
                let next = fleet.call(.get, target: "/missing?scope=local&format=json&limit=\(pageSize)&offset=\(entries.count)\(filters)",
                                      admin: false, deadline: deadline, only: [address]).first
                guard let next else { break }
                do throws(MissingReport.PageError) {
                    let nextPage = try MissingReport.readPage(try Self.okBody(next).get())
                    guard !nextPage.report.entries.isEmpty else { break }
                    entries += nextPage.report.entries
                    page.total = nextPage.total
                } catch {
                    problem = "a later page: \(error.reason)"
                    break
                }
            }
            if entries.count < page.total {
                leftOut.append(Fleet.LeftOut(peer: outcome.peer, reason: problem))
                continue
            }
            reports.append(entries.count == page.report.entries.count ? page.report
                           : MissingReport(entries: entries, dropped: page.report.dropped, since: page.report.since,
                                           limits: page.report.limits))
        }
        if !leftOut.isEmpty { fleet.metrics.recordPartial() }
        return (reports, leftOut)
    }

    /// Adds `partial`, `unreachable` (the peers' names) and `leftOut` (each with why) to a
    /// JSON body, and for every format the ``Fleet/partialHeader`` when a peer was left out.
    /// (A page renders its own banner: the renderer is given the peers left out.)
    static func markFleet(_ response: HTTPResponse, leftOut: [Fleet.LeftOut], fleet: Fleet) -> HTTPResponse {
        var response = response
        if !leftOut.isEmpty {
            response.headers.add(Fleet.partialHeader, value: leftOut.map(\.peer).joined(separator: ","))
        }
        let type = response.headers.first(.contentType) ?? ""
        if type.hasPrefix("application/json"), response.body.first == UInt8(ascii: "{") {
            var writer = JSONWriter()
            writer.beginObject()
            writer.field("partial", !leftOut.isEmpty)
            writer.field("unreachable", strings: leftOut.map(\.peer))
            writer.array("leftOut", leftOut) { object, item in
                object.beginObject()
                object.field("peer", item.peer)
                object.field("reason", item.reason)
                object.endObject()
            }
            writer.endObject()
            // `{"partial":…,"unreachable":[…],"leftOut":[…]}` + the body's fields after its `{`.
            response.body = JSONSplice.prepending(writer.bytes, to: response.body)
        }
        return response
    }

    /// ``markFleet(_:leftOut:fleet:)`` for peers that gave no answer, named only.
    static func markFleet(_ response: HTTPResponse, unreachable: [String], fleet: Fleet) -> HTTPResponse {
        markFleet(response, leftOut: unreachable.map { Fleet.LeftOut(peer: $0, reason: "did not answer") }, fleet: fleet)
    }

    // MARK: Writes

    /// `DELETE /missing` or `POST /admin/reload` here and on every peer, with a report per replica.
    ///
    /// The status says whether the write is applied everywhere (docs/decisions/fleet-write-status.md):
    /// 200 only when every replica answered 2xx; this replica's own refusal is its status
    /// (422 for a broken store); a peer whose store is broken (422, the single-replica
    /// contract of a reload) makes it 422; any other peer not applied — unreachable, timed
    /// out, a malformed answer or another status — makes it 502 `fleet_partial`. Every
    /// failure carries the per-replica report, so `curl --fail` fails and says where.
    private func fleetWrite(_ write: FleetRoute, _ request: HTTPRequest, matched: Match, fleet: Fleet,
                            deadline: UInt64) throws -> HTTPResponse {
        let local: HTTPResponse
        do {
            local = try route(request, matched: matched, state: nil, mayBlock: true)
        } catch let error as any HTTPResponseError {
            local = error.response
        }
        // A single-entry `DELETE /missing` names its entry to every peer (`key`, `lang`, `table`).
        var target = request.path + "?scope=local"
        if write == .missingReset {
            for item in try request.queryItems() where ["key", "lang", "table"].contains(item.name) {
                target += "&\(item.name)=\(item.value.addingPercentEncoding(withAllowedCharacters: Self.queryValueCharacters) ?? "")"
            }
        }
        let outcomes = fleet.call(request.method, target: target, admin: true, deadline: deadline)
        var replicas: [(name: String, status: Int?, body: [UInt8]?, error: String?)] = []
        var leftOut: [Fleet.LeftOut] = []
        var peerStatuses: [Int] = []
        func replica(_ name: String, status: Int?, body: [UInt8]?, error: String?) {
            replicas.append((name, status, body, error))
        }
        replica("self", status: local.status.code, body: local.body, error: nil)
        for outcome in outcomes {
            switch outcome.result {
            case .success(let response)?:
                if !(200..<300).contains(response.status.code) {
                    peerStatuses.append(response.status.code)
                    leftOut.append(Fleet.LeftOut(peer: outcome.peer, reason: "answered \(response.status.code)"))
                }
                replica(outcome.peer, status: response.status.code, body: response.body, error: nil)
            case .failure(let failure)?:
                peerStatuses.append(0)
                leftOut.append(Fleet.LeftOut(peer: outcome.peer, reason: failure.description))
                replica(outcome.peer, status: nil, body: nil, error: failure.description)
            case nil:
                peerStatuses.append(0)
                leftOut.append(Fleet.LeftOut(peer: outcome.peer, reason: "not called"))
                replica(outcome.peer, status: nil, body: nil, error: "not called")
            }
        }
        if !leftOut.isEmpty { fleet.metrics.recordPartial() }
        let status = Self.fleetWriteStatus(local: local.status, peers: peerStatuses)
        var writer = JSONWriter()
        writer.beginObject()
        let done = write == .reload ? "reloaded" : (try? Self.entryToRemove(request)) != nil ? "removed" : "reset"
        writer.field("status", status == .ok ? done : "failed")
        if status.code == 502 {
            writer.field("error", "fleet_partial")
            writer.field("message", "not applied on every replica: \(leftOut.map { "\($0.peer) (\($0.reason))" }.joined(separator: ", "))")
        }
        writer.array("replicas", replicas) { list, replica in
            list.beginObject()
            list.field("replica", replica.name)
            if let status = replica.status { list.field("status", status) }
            if let body = replica.body, (try? JSONSerialization.jsonObject(with: Data(body))) is [String: Any] {
                list.field("response", raw: body)
            }
            if let error = replica.error { list.field("error", error) }
            list.endObject()
        }
        writer.endObject()
        let response = HTTPResponse(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                                    body: writer.bytes)
        return Self.markFleet(response, leftOut: leftOut, fleet: fleet)
    }

    /// What a value forwarded to a peer keeps unescaped: RFC 3986's unreserved characters.
    static let queryValueCharacters = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        .union(CharacterSet(charactersIn: "-_.~"))

    /// A fleet write's status: see ``fleetWrite(_:_:matched:fleet:deadline:)``. `peers` holds the
    /// status of every peer that did not apply it (0: no answer).
    static func fleetWriteStatus(local: HTTPStatus, peers: [Int]) -> HTTPStatus {
        if !(200..<300).contains(local.code) { return local }
        if peers.isEmpty { return .ok }
        return peers.allSatisfy { $0 == 422 } ? HTTPStatus(code: 422) : HTTPStatus(code: 502)
    }
}
