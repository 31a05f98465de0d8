import HTTP1
import LabelCore

/// The validated parameters of `GET /labels/{key}`.
struct LabelQuery: Sendable {
    /// Keys longer than this are refused: no store key is that long, and the
    /// missing-key report must not hold client-chosen megabytes.
    static let maximumKeyBytes = LabelQueryLimits.maximumKeyBytes
    /// More `arg` values than any label's format string consumes.
    static let maximumArguments = 8
    /// Longest key in characters (openapi.yaml's `maxLength`), besides the byte limit.
    static let maximumKeyCharacters = LabelKeyValidation.maximumCharacters
    /// Longest `count`, and longest `arg`, in characters: numbers, names and
    /// titles shown inside a label; the bounds keep every valid request well
    /// inside the 16 KiB request line.
    static let maximumCountCharacters = 32
    static let maximumArgumentCharacters = 64

    var key: String
    var table: String
    /// `lang`, when given: the only preference (kept apart from ``accepted``, so the usual
    /// request builds no array for it).
    var language: LanguageTag?
    /// `Accept-Language`'s preferences, read only when there is no `lang`.
    var accepted: [LanguageTag] = []
    var arguments: [String]
    /// `argLang`: the language of each argument, by argument number - 1 (`count` has none);
    /// empty when none is given.
    var argumentLanguages: [LanguageTag?] = []
    var plainText: Bool

    /// Reads path, query and headers; throws the 400 a client should see.
    // `borrowing`: an initializer otherwise takes (and copies) the whole request.
    init(rawKey: Substring, request: borrowing HTTPRequest) throws(APIError) {
        do {
            key = try PercentDecoding.decode(rawKey, plusAsSpace: false)
        } catch {
            throw .badRequest("invalid_key", "the key is not valid percent-encoded UTF-8")
        }
        // The same rules as POST /missing items and missing.json entries.
        switch LabelKeyValidation.problem(key, maximumBytes: Self.maximumKeyBytes) {
        case nil: break
        case .tooLong:
            throw .badRequest("key_too_long", "the key is \(key.unicodeScalars.count) characters (\(key.utf8.count) bytes); at most \(Self.maximumKeyCharacters) characters and \(Self.maximumKeyBytes) bytes are accepted")
        case let problem?:
            throw .badRequest("invalid_key", "the key \(problem)")
        }

        let parameters = try QueryParameters(request)
        let arguments = try parameters.argumentList(maximum: Self.maximumArguments,
                                                    maximumCharacters: Self.maximumArgumentCharacters)
        let count = try parameters.countArgument(maximumCharacters: Self.maximumCountCharacters)
        let languages = try parameters.argumentLanguageList(argumentCount: arguments.count)
        let table = try parameters.tableName() ?? "Localizable"
        language = try parameters.language()
        if language == nil, let header = request.headers.first(.acceptLanguage) {
            accepted = AcceptLanguage.preferences(header)
        }
        self.table = table
        if let count {
            var all = [count]
            all.append(contentsOf: arguments)
            self.arguments = all
        } else {
            self.arguments = arguments
        }
        if !languages.isEmpty { argumentLanguages = (count == nil ? [] : [nil]) + languages }
        plainText = MediaNegotiation.prefersPlainText(request.headers.first(.accept))
    }

    /// The languages to try, as `resolver` chains them for these preferences.
    func chain(_ resolver: LabelResolver) -> LanguageChain {
        if let language { return resolver.chain(preferring: language) }
        return resolver.chain(preferred: accepted)
    }
}
