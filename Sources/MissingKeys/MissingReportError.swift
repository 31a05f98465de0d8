import LabelCore
/// Why a client's missing-key report was refused, or why the report could not be persisted.
///
/// Body errors name the offending item by its zero-based index in the JSON
/// array, so a client can fix exactly that item; the HTTP layer maps
/// ``bodyTooLarge(bytes:limit:)`` to 413 and the other body errors to 400.
package enum MissingReportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The body is larger than ``MissingKeyRecorder/maximumReportedBodyBytes``.
    case bodyTooLarge(bytes: Int, limit: Int)
    /// The body is not JSON at all.
    case malformedJSON(reason: String)
    /// The body is JSON but not an array of objects.
    case notAnArray
    /// The array has more items than ``MissingKeyRecorder/maximumReportedItems``.
    case tooManyItems(count: Int, limit: Int)
    /// Item `index` is not an object.
    case itemNotAnObject(index: Int)
    /// Item `index` has a missing, mistyped or invalid `field`.
    case invalidField(index: Int, field: String, reason: String)
    /// The report file could not be written (the server keeps running and retries).
    case persistence(path: String, reason: String)

    /// A short machine-readable code for the JSON error body.
    package var code: String {
        switch self {
        case .bodyTooLarge: "payload_too_large"
        case .malformedJSON, .notAnArray, .tooManyItems, .itemNotAnObject, .invalidField: "invalid_missing_report"
        case .persistence: "persistence_failed"
        }
    }

    /// A sentence for people, naming the item and field at fault.
    package var message: String {
        switch self {
        case .bodyTooLarge(let bytes, let limit):
            "the body has \(bytes) bytes; at most \(limit) are accepted"
        case .malformedJSON(let reason):
            "the body is not valid JSON: \(reason)"
        case .notAnArray:
            #"the body must be a JSON array of objects like {"key": "...", "lang": "de", "table": "Localizable"}"#
        case .tooManyItems(let count, let limit):
            "the body has \(count) items; at most \(limit) are accepted per request"
        case .itemNotAnObject(let index):
            "item \(index) is not a JSON object"
        case .invalidField(let index, let field, let reason):
            "item \(index): \"\(field)\" \(reason)"
        case .persistence(let path, let reason):
            "cannot write \(path): \(reason)"
        }
    }

    package var description: String { message }
}
