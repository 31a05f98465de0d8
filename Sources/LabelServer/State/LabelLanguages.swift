import HTTP1
import LabelCore

/// What `GET /labels/{key}` needs per language, built once per catalog for each language a
/// value can be in: the header fields of an answer in it, and the chain for `lang=` it.
///
/// A request takes the fields by one reference, encoded once (``EncodedFields``), instead of
/// three validated appends into a fresh buffer; one probe with its
/// `lang` gives both the chain and, when the value is in that language (the usual case),
/// the fields.
struct LabelLanguages: Sendable {
    /// One language's part. A class: a request holds it by one reference, where a struct
    /// of a chain and two field lists cost a retain and a release for each of their buffers.
    final class Language: Sendable {
        /// ``LabelResolver/chain(preferring:)`` for the language.
        let chain: LanguageChain?
        private let json: EncodedFields
        private let plainText: EncodedFields

        init(language: LanguageTag?, chain: LanguageChain?) {
            self.chain = chain
            json = EncodedFields(LabelLanguages.fields(language: language, plainText: false))
            plainText = EncodedFields(LabelLanguages.fields(language: language, plainText: true))
        }

        /// The fields of an answer in this language, as `text/plain` or JSON.
        func headers(plainText wantsPlainText: Bool) -> EncodedFields { wantsPlainText ? plainText : json }
    }

    private let byLanguage: [LanguageTag: Language]
    private let noLanguage: Language

    /// Parts for every language of `languages` (a catalog's, and its development language:
    /// every value is in one of them), chained by `resolver`.
    init(languages: [LanguageTag], resolver: LabelResolver) {
        var byLanguage: [LanguageTag: Language] = [:]
        for language in languages {
            byLanguage[language] = Language(language: language, chain: resolver.chain(preferring: language))
        }
        self.byLanguage = byLanguage
        noLanguage = Language(language: nil, chain: nil)
    }

    /// The part for `language`, when it is one of those given at init.
    func language(_ language: LanguageTag) -> Language? { byLanguage[language] }

    /// The fields for a value in `language` (`nil`: the key itself with no development
    /// language), as `text/plain` or JSON; built on the spot for a language not given at init.
    func headers(language: LanguageTag?, plainText: Bool) -> EncodedFields {
        guard let language else { return noLanguage.headers(plainText: plainText) }
        guard let part = byLanguage[language] else {
            return EncodedFields(Self.fields(language: language, plainText: plainText))
        }
        return part.headers(plainText: plainText)
    }

    /// `Content-Type`, `Content-Language` (when there is a language), `Vary`, in that order.
    static func fields(language: LanguageTag?, plainText: Bool) -> HTTPHeaders {
        var headers: HTTPHeaders = [:]
        if plainText {
            headers.add(.contentType, value: "text/plain; charset=utf-8")
        } else {
            headers.add(.contentType, value: "application/json; charset=utf-8")
        }
        if let language { headers.add(.contentLanguage, value: language.rawValue) }
        headers.add(.vary, value: "Accept, Accept-Language")
        return headers
    }
}
