import HTTP1
import LabelCore
import LabelTranslators
import MissingKeys

extension MissingQuery {
    /// Reads and validates the report parameters of a request; empty `lang`, `table`
    /// and `q` mean "not set" (a form's "All").
    init(_ request: HTTPRequest) throws(APIError) {
        try self.init(QueryParameters(request, emptyIsAbsent: true))
    }

    /// Validates the report parameters of a decoded query.
    ///
    /// `limit` is any positive page size here (the JSON's bound is checked by the
    /// route); the HTML page shows at most ``maximumPageSize`` rows of it.
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

    /// The query of `GET /missing`: the report parameters, then `state` and `include`
    /// (read only there: other routes ignore them, as any unknown name).
    init(missing request: HTTPRequest) throws(APIError) {
        let parameters = try QueryParameters(request, emptyIsAbsent: true)
        try self.init(parameters)
        view = try parameters.reportState().flatMap(MissingReport.View.init(rawValue:)) ?? .open
        includeUntranslated = try parameters.includeUntranslated()
    }
}
