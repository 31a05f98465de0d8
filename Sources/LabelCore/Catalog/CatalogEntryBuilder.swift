/// Makes ``CatalogEntry``s for strings that come from a few places (bundle, language,
/// folder), sharing one origin per place, as the store loader shares one per file.
///
/// For `LabelClient`'s downloaded bundle: made one by one, each entry would carry its own
/// origin, and each origin looks up its language's formatting under a lock and builds its
/// `source` string.
package struct CatalogEntryBuilder {
    private struct Place: Hashable {
        var bundle: String
        var language: LanguageTag
        var folder: String
    }

    private var origins: [Place: CatalogEntry.Origin] = [:]

    package init() {}

    /// An entry without a source location, equal to
    /// `CatalogEntry(string:bundle:language:folder:location: nil)`.
    package mutating func entry(string: LocalizedString, bundle: String, language: LanguageTag, folder: String) -> CatalogEntry {
        let place = Place(bundle: bundle, language: language, folder: folder)
        let origin: CatalogEntry.Origin
        if let shared = origins[place] {
            origin = shared
        } else {
            origin = CatalogEntry.Origin(bundle: bundle, language: language, folder: folder, file: nil)
            origins[place] = origin
        }
        return CatalogEntry(string: string, origin: origin, location: nil)
    }
}
