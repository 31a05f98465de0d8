package import LabelCore

extension ScanReport {
    /// `(table, key)` → the `comment:` argument of its first literal call site that has a
    /// comment (``DeveloperComment``): what the developer wrote for translators at the call.
    package var siteComments: [Catalog.Key: String] {
        var comments: [Catalog.Key: String] = [:]
        for site in sites where site.kind == .literal {
            guard let table = site.table, let key = site.key,
                  let comment = site.comment.flatMap(DeveloperComment.cleaned) else { continue }
            let id = Catalog.Key(table: table, key: key)
            if comments[id] == nil { comments[id] = comment }
        }
        return comments
    }
}
