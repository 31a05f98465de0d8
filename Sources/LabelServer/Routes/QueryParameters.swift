import HTTP1
import LabelCore

/// The query string of any route, decoded once, and the one place its parameters
/// are validated: each problem of each parameter has one `code` and one wording.
///
/// Unknown names are ignored (caches and analytics add them). Of a repeated name
/// the last wins, except `arg`, a list, and `scope`, where every value must be valid
/// and `local` wins.
/// A route reads the parameters it takes through the validating accessors, in the
/// order it wants its errors reported.
struct QueryParameters: Sendable {
    var lang: String?
    var table: String?
    var format: String?
    var count: String?
    var arguments: [String] = []
    /// `argLang`, one per `arg` in order (`GET /labels/{key}`).
    var argumentLanguages: [String] = []
    /// `q`: the search of the report pages.
    var search: String?
    var limit: String?
    var offset: String?
    var unused: String?
    /// `include` and `state` (`GET /missing`), `key` (`DELETE /missing`).
    var include: String?
    var state: String?
    var key: String?
    /// `scope` when every value given was `local` or `fleet`; see ``scope()``.
    var scope: String?
    private var invalidScope = false

    /// Decodes the request's query.
    ///
    /// - Parameter emptyIsAbsent: `lang=`, `table=` and `q=` count as not given (a
    ///   form's "All" on the report pages); otherwise an empty value is validated.
    init(_ request: borrowing HTTPRequest, emptyIsAbsent: Bool = false) throws(APIError) {
        self.init()
        try read(request, emptyIsAbsent: emptyIsAbsent)
    }

    /// Takes the request's pairs, names matched as bytes (no `String` per name).
    ///
    /// A mutating method, not the initializer: its closure captures `self` by address, where
    /// one in an initializer (or a local value moved into `self`) copies and destroys a whole
    /// QueryParameters (QueryParametersTests pin what it reads; `Benchmarks/profile.sh` what
    /// it costs).
    private mutating func read(_ request: borrowing HTTPRequest, emptyIsAbsent: Bool) throws(APIError) {
        try request.forEachQueryItemName { name, value in
            take(name, value, emptyIsAbsent: emptyIsAbsent)
        }
    }

    private init() {}

    /// Reads one decoded `name=value` pair.
    private mutating func take(_ name: UnsafeBufferPointer<UInt8>, _ value: String, emptyIsAbsent: Bool) {
        guard let field = Field(name) else { return }
        if emptyIsAbsent, value.isEmpty, field == .lang || field == .table || field == .q { return }
        switch field {
        case .lang: lang = value
        case .table: table = value
        case .format: format = value
        case .count: count = value
        case .arg: arguments.append(value)
        case .argLang: argumentLanguages.append(value)
        case .q: search = value
        case .limit: limit = value
        case .offset: offset = value
        case .unused: unused = value
        case .include: include = value
        case .state: state = value
        case .key: key = value
        case .scope:
            // `local` anywhere keeps the request on this replica: no request travels twice.
            if scope != "local" { scope = value }
            if value != "local", value != "fleet" { invalidScope = true }
        }
    }

    /// The parameter names read; any other is ignored.
    private enum Field: CaseIterable {
        case lang, table, format, count, arg, argLang, q, limit, offset, unused, scope, include, state, key

        /// The field named by these decoded bytes. Byte equality is `String` equality
        /// here: no name holds a letter that a non-ASCII scalar decomposes to (`K`).
        init?(_ name: UnsafeBufferPointer<UInt8>) {
            for field in Self.allCases where Self.equals(name, field.name) {
                self = field
                return
            }
            return nil
        }

        private var name: StaticString {
            switch self {
            case .lang: "lang"
            case .table: "table"
            case .format: "format"
            case .count: "count"
            case .arg: "arg"
            case .argLang: "argLang"
            case .q: "q"
            case .limit: "limit"
            case .offset: "offset"
            case .unused: "unused"
            case .scope: "scope"
            case .include: "include"
            case .state: "state"
            case .key: "key"
            }
        }

        private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
            guard bytes.count == name.utf8CodeUnitCount else { return false }
            for index in 0..<bytes.count where bytes[index] != name.utf8Start[index] { return false }
            return true
        }
    }

    /// `lang`: a well-formed BCP 47 tag (`de_at` is read as `de-AT`).
    func language() throws(APIError) -> LanguageTag? {
        guard let lang else { return nil }
        guard let tag = LanguageTag(lang) else {
            throw .badRequest("invalid_language", "lang \"\(lang.prefix(80))\" is not a well-formed BCP 47 language tag")
        }
        return tag
    }

    /// `table`: a store table name.
    func tableName() throws(APIError) -> String? {
        guard let table else { return nil }
        guard TableName.isValid(table) else {
            throw .badRequest("invalid_table", "table must be 1-\(TableName.maximumLength) letters, digits, '_', '-' or '.'")
        }
        return table
    }

    /// `format`, when given, one of `allowed`.
    func format(among allowed: [String]) throws(APIError) -> String? {
        guard let format else { return nil }
        guard allowed.contains(format) else { throw Self.invalidFormat(allowed) }
        return format
    }

    /// The error for a `format` a route does not render.
    static func invalidFormat(_ allowed: [String]) -> APIError {
        let list = allowed.count > 1 ? allowed.dropLast().joined(separator: ", ") + " or " + allowed[allowed.count - 1] : allowed.joined()
        return .badRequest("invalid_format", "format must be \(list)")
    }

    /// `count` (`GET /labels/{key}`), at most `maximumCharacters` long.
    func countArgument(maximumCharacters: Int) throws(APIError) -> String? {
        // A scalar takes at least one byte: scalars are only counted when the bytes allow too many.
        if let count, count.utf8.count > maximumCharacters, count.unicodeScalars.count > maximumCharacters {
            throw .badRequest("invalid_argument", "count is longer than \(maximumCharacters) characters")
        }
        return count
    }

    /// The `arg` values (`GET /labels/{key}`): at most `maximum`, each at most `maximumCharacters` long.
    func argumentList(maximum: Int, maximumCharacters: Int) throws(APIError) -> [String] {
        guard arguments.count <= maximum else {
            throw .badRequest("too_many_arguments", "at most \(maximum) arg values are accepted")
        }
        if let index = arguments.firstIndex(where: { $0.utf8.count > maximumCharacters && $0.unicodeScalars.count > maximumCharacters }) {
            throw .badRequest("invalid_argument", "arg #\(index + 1) is longer than \(maximumCharacters) characters")
        }
        return arguments
    }

    /// `argLang` values: one per `arg` at most, in order, each a well-formed BCP 47 tag or
    /// empty (that argument has no language); nil for an empty one.
    func argumentLanguageList(argumentCount: Int) throws(APIError) -> [LanguageTag?] {
        guard argumentLanguages.count <= argumentCount else {
            throw .badRequest("too_many_argument_languages", "argLang is given \(argumentLanguages.count) times for \(argumentCount) arg values; give at most one per arg, in order")
        }
        return try argumentLanguages.enumerated().map { (index, value) throws(APIError) -> LanguageTag? in
            guard !value.isEmpty else { return nil }
            guard let tag = LanguageTag(value) else {
                throw .badRequest("invalid_argument_language", "argLang #\(index + 1) \"\(value.prefix(80))\" is not a well-formed BCP 47 language tag")
            }
            return tag
        }
    }

    /// `q`, at most `maximumCharacters` long.
    func searchText(maximumCharacters: Int) throws(APIError) -> String? {
        guard let search else { return nil }
        guard search.unicodeScalars.count <= maximumCharacters else {
            throw .badRequest("invalid_search", "q must be at most \(maximumCharacters) characters")
        }
        return search
    }

    /// `limit`: a positive integer (a route checks its own maximum with ``limitAbove(_:default:)``).
    func pageLimit() throws(APIError) -> Int? {
        guard let limit else { return nil }
        guard let number = Int(limit), number >= 1 else {
            throw .badRequest("invalid_limit", "limit must be a positive integer")
        }
        return number
    }

    /// The error for a `limit` above what a route pages.
    static func limitAbove(_ maximum: Int, default defaultLimit: Int) -> APIError {
        .badRequest("invalid_limit", "limit must be an integer from 1 to \(maximum) (default \(defaultLimit))")
    }

    /// `offset`: a non-negative integer (a route checks its own maximum with ``offsetAbove(_:)``).
    func pageOffset() throws(APIError) -> Int? {
        guard let offset else { return nil }
        guard let number = Int(offset), number >= 0 else {
            throw .badRequest("invalid_offset", "offset must be a non-negative integer")
        }
        return number
    }

    /// The error for an `offset` above what a route pages.
    static func offsetAbove(_ maximum: Int) -> APIError {
        .badRequest("invalid_offset", "offset must be an integer from 0 to \(maximum)")
    }

    /// `unused`: `true` or `false`.
    func unusedFlag() throws(APIError) -> Bool? {
        switch unused {
        case nil: return nil
        case "true": return true
        case "false": return false
        default: throw .badRequest("invalid_unused", "unused must be true or false")
        }
    }

    /// `include` (`GET /missing`): `untranslated` or absent.
    func includeUntranslated() throws(APIError) -> Bool {
        guard let include else { return false }
        guard include == "untranslated" else { throw .badRequest("invalid_include", "include must be untranslated") }
        return true
    }

    /// `state` (`GET /missing`): `open` (the default), `resolved` or `all`.
    func reportState() throws(APIError) -> String? {
        guard let state else { return nil }
        guard ["open", "resolved", "all"].contains(state) else {
            throw .badRequest("invalid_state", "state must be open, resolved or all")
        }
        return state
    }

    /// `key` (`DELETE /missing`): a key `GET /labels/{key}` would take.
    func entryKey() throws(APIError) -> String? {
        guard let key else { return nil }
        switch LabelKeyValidation.problem(key, maximumBytes: LabelKeyValidation.maximumCharacters * 4) {
        case nil: return key
        case .tooLong: throw .badRequest("key_too_long", "key is longer than \(LabelKeyValidation.maximumCharacters) characters")
        case let problem?: throw .badRequest("invalid_key", "key \(problem)")
        }
    }

    /// `scope`: `local` (this replica) or `fleet` (every replica, the default); every value given must be one.
    func scopeValue() throws(APIError) -> String? {
        guard !invalidScope else { throw .badRequest("invalid_scope", "scope must be local or fleet") }
        return scope
    }
}
