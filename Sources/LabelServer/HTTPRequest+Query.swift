import HTTP1

extension HTTPRequest {
    /// The decoded query items, or the 400 every route gives for a bad query.
    func queryItems() throws(APIError) -> [(name: String, value: String)] {
        do {
            return try PercentDecoding.queryItems(query ?? "")
        } catch {
            throw .badRequest("invalid_query", "the query string is not valid percent-encoded UTF-8")
        }
    }

    /// ``queryItems()`` one pair at a time (the label route's query, without an array).
    func forEachQueryItem(_ body: (_ name: String, _ value: String) -> Void) throws(APIError) {
        do {
            try PercentDecoding.forEachQueryItem(query ?? "", body)
        } catch {
            throw .badRequest("invalid_query", "the query string is not valid percent-encoded UTF-8")
        }
    }
}
