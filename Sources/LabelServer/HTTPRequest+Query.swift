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
}
