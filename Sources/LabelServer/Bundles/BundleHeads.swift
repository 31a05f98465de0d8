import HTTP1

/// The header fields of a `GET /labels` answer from one built body in one content
/// coding: the 200's and the 304's, made once with the body instead of per request.
///
/// Every app launch with a cache revalidates (`If-None-Match` → 304), so this is the
/// route a fleet sizes for: a response takes these fields by reference (one retain) where
/// building them cost four validated appends, and the encoder copies their bytes, encoded
/// here once (``EncodedFields``), instead of walking them. `BundleRevalidationTests` pins the bytes
/// against a head built field by field for every language, format, coding and tag form.
struct BundleHeads: Sendable {
    /// `ETag`, `Cache-Control`, `Vary`, `Content-Language`, `Content-Type` and, for gzip,
    /// `Content-Encoding`.
    let ok: EncodedFields
    /// The 304's: the 200's validators and metadata (RFC 9110 §15.4.5), without the
    /// body's `Content-Type` and `Content-Encoding`.
    let notModified: EncodedFields

    /// - Parameters:
    ///   - etag: the quoted strong tag of the body in this coding.
    ///   - language: `Content-Language`, the first folder with the table.
    init(etag: String, contentType: String, language: String, gzip: Bool) {
        var fields: HTTPHeaders = [:]
        fields.add(.eTag, value: etag)
        fields.add(.cacheControl, value: "no-cache")
        fields.add(.vary, value: "Accept, Accept-Encoding, Accept-Language")
        fields.add(.contentLanguage, value: language)
        notModified = EncodedFields(fields)
        fields.add(.contentType, value: contentType)
        if gzip { fields.add(.contentEncoding, value: "gzip") }
        ok = EncodedFields(fields)
    }
}
