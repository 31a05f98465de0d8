import HTTP1

extension LabelService {
    /// The statuses one route and method can answer, each with the error codes of that
    /// status (empty for a success, or an error body without a code).
    package typealias Responses = [Int: Set<String>]

    /// What each row of ``routes`` answers, by its label and method: only what the route
    /// decides. What any request can get before a route is chosen — a parse error, 408
    /// `request_timeout`, 404 `not_found`, 405 `method_not_allowed`, 500 `internal_error` —
    /// is in ``answersBeforeRouting``.
    ///
    /// Nothing answers from this table: `openapi.yaml` is checked against it and ``routes``,
    /// and it against the error codes the sources emit (`OpenAPIDocumentTests`), so neither
    /// the spec nor this list can drift from the code.
    static let documentedResponses: [String: [HTTPMethod: Responses]] = {
        let query: Set = ["invalid_query"]
        let scope: Set = ["invalid_scope"]
        let reportQuery: Set = ["invalid_language", "invalid_table", "invalid_search", "invalid_limit",
                                "invalid_offset", "invalid_format"]
        let label: Responses = [
            200: [],
            400: query.union(["invalid_key", "key_too_long", "invalid_language", "invalid_table",
                              "invalid_argument", "too_many_arguments"]),
            500: ["store_error"],
        ]
        let bundle: Responses = [
            200: [], 304: [],
            400: query.union(["invalid_format", "invalid_table", "invalid_language"]),
            404: ["unknown_table"],
        ]
        let missingRead: Responses = [
            200: [], 400: query.union(scope).union(reportQuery).union(["invalid_include", "invalid_state"]),
            404: ["missing_report_disabled"], 503: ["fleet_busy", "report_store_unavailable"],
        ]
        let missingReport: Responses = [
            200: [],
            400: query.union(scope).union(["invalid_missing_report", "invalid_content_encoding"]),
            404: ["missing_report_disabled"],
            413: ["payload_too_large"],
            415: ["unsupported_media_type", "unsupported_content_encoding"],
        ]
        let admin: Responses = [400: ["duplicate_authorization"], 401: ["unauthorized"], 403: ["admin_disabled"]]
        let fleetWrite: Responses = [422: [], 502: ["fleet_partial"], 503: ["fleet_busy"]]
        let missingReset = merged(admin, fleetWrite, [
            200: [],
            400: query.union(scope).union(["invalid_key", "key_too_long", "invalid_language", "invalid_table"]),
            404: ["missing_report_disabled"], 500: ["persistence_failed"], 503: ["report_store_unavailable"],
        ])
        let reload = merged(admin, fleetWrite, [
            200: [], 400: query.union(scope), 404: ["reload_unavailable"], 422: ["reload_failed"],
        ])
        let coverage: Responses = [200: [], 400: query.union(reportQuery)]
        let usage: Responses = [
            200: [], 400: query.union(scope).union(reportQuery).union(["invalid_unused"]),
            404: ["usage_disabled"], 503: ["fleet_busy", "report_store_unavailable"],
        ]
        return [
            "/labels/{key}": [.get: label, .head: label],
            "/labels": [.get: bundle, .head: bundle],
            "/missing": [.get: missingRead, .head: missingRead, .post: missingReport, .delete: missingReset],
            "/coverage": [.get: coverage, .head: coverage],
            "/usage": [.get: usage, .head: usage],
            "/healthz": [.get: [200: []], .head: [200: []]],
            "/readyz": [.get: [200: [], 503: []], .head: [200: [], 503: []]],
            "/metrics": [.get: [200: []], .head: [200: []]],
            "/admin/reload": [.post: reload],
        ]
    }()

    /// What any request can be answered before a route is chosen, by status: the parser's
    /// rejections (`HTTPParseError.Reason`, codes such as `bad_request`), 408 when the
    /// request does not arrive in time, 404 for no route, 405 for a route's other methods,
    /// 500 when a handler throws what is not an HTTP error.
    static let answersBeforeRouting: Responses = [
        400: ["bad_request", "invalid_host", "dot_segment", "invalid_target"],
        404: ["not_found"],
        405: ["method_not_allowed"],
        408: ["request_timeout"],
        413: ["content_too_large"],
        414: ["uri_too_long"],
        431: ["header_fields_too_large"],
        500: ["internal_error"],
        501: ["not_implemented"],
        505: ["http_version_not_supported"],
    ]

    private static func merged(_ tables: Responses...) -> Responses {
        tables.reduce(into: [:]) { result, table in
            for (status, codes) in table { result[status, default: []].formUnion(codes) }
        }
    }
}
