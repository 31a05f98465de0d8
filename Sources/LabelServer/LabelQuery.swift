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
    var preferred: [LanguageTag]
    var arguments: [String]
    var plainText: Bool

    /// Reads path, query and headers; throws the 400 a client should see.
    init(rawKey: Substring, request: HTTPRequest) throws(APIError) {
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

        var lang: String?
        var table = "Localizable"
        var count: String?
        var arguments: [String] = []
        let items = try request.queryItems()
        for item in items {
            switch item.name {
            case "lang": lang = item.value
            case "table": table = item.value
            case "count": count = item.value
            case "arg": arguments.append(item.value)
            default: continue   // unknown parameters are ignored, as caches and analytics add them
            }
        }
        guard arguments.count <= Self.maximumArguments else {
            throw .badRequest("too_many_arguments", "at most \(Self.maximumArguments) arg values are accepted")
        }
        if let count, count.unicodeScalars.count > Self.maximumCountCharacters {
            throw .badRequest("invalid_argument", "count is longer than \(Self.maximumCountCharacters) characters")
        }
        if let index = arguments.firstIndex(where: { $0.unicodeScalars.count > Self.maximumArgumentCharacters }) {
            throw .badRequest("invalid_argument", "arg #\(index + 1) is longer than \(Self.maximumArgumentCharacters) characters")
        }
        guard TableName.isValid(table) else {
            throw .badRequest("invalid_table", "table must be 1-\(TableName.maximumLength) letters, digits, '_', '-' or '.'")
        }
        if let lang {
            guard let tag = LanguageTag(lang) else {
                throw .badRequest("invalid_language", "lang \"\(lang.prefix(80))\" is not a well-formed BCP 47 language tag")
            }
            preferred = [tag]
        } else if let header = request.headers.first(name: "Accept-Language") {
            preferred = AcceptLanguage.preferences(header)
        } else {
            preferred = []
        }
        self.table = table
        self.arguments = (count.map { [$0] } ?? []) + arguments
        plainText = MediaNegotiation.prefersPlainText(request.headers.first(name: "Accept"))
    }
}
