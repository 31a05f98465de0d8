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

    /// ``queryItems()`` one pair at a time, each name as its decoded bytes (see
    /// `PercentDecoding.forEachQueryItemName`): every route's query, without an array.
    func forEachQueryItemName(_ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: String) -> Void) throws(APIError) {
        do {
            try PercentDecoding.forEachQueryItemName(query ?? "", body)
        } catch {
            throw .badRequest("invalid_query", "the query string is not valid percent-encoded UTF-8")
        }
    }
}
