extension XLIFFDocument.Unit {
    /// The comment import writes for the unit: above its `.strings` entry, and as the
    /// `comment` of a key `--add-new` adds to a String Catalog. The one place that decides
    /// which `<note>` is the developer's (today the first one).
    var developerComment: String? { notes.first }
}
