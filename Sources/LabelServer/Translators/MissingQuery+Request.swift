import HTTP1
import LabelCore
import LabelTranslators

extension MissingQuery {
    /// Reads and validates the report parameters of a request; empty `lang`, `table`
    /// and `q` mean "not set" (a form's "All").
    init(_ request: HTTPRequest) throws(APIError) {
        try self.init(QueryParameters(request, emptyIsAbsent: true))
    }

    /// Validates the report parameters of a decoded query.
    ///
    /// `limit` is any positive page size here (a fleet peer asks for 10,000); the
    /// HTML page shows at most ``maximumPageSize`` rows of it.
    init(_ parameters: QueryParameters) throws(APIError) {
        // Arguments are evaluated left to right: the first invalid parameter in this order
        // is the one reported.
        try self.init(lang: parameters.language()?.rawValue,
                      table: parameters.tableName(),
                      search: parameters.searchText(maximumCharacters: Self.maximumSearchLength),
                      format: parameters.format,
                      limit: parameters.pageLimit(),
                      offset: parameters.pageOffset() ?? 0)
    }
}
