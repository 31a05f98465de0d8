import HTTP1
import LabelCore
import LabelTranslators
import MissingKeys

/// `GET /missing`'s backlog (`include=untranslated`, resolved entries), the single-entry
/// `DELETE /missing?key=K&lang=L[&table=T]` and the downloads' file names.
extension LabelService {
    /// Checks the report against the served catalog (once per load) and lists the language's
    /// untranslated keys when the query includes them; on an event loop (`mayBlock` false)
    /// only from what is computed already, else `LabelRoute.NotBuilt`.
    func backlog(_ query: MissingQuery, store: MissingReportStore?, state: ServiceState,
                 mayBlock: Bool) throws -> Backlog.Untranslated? {
        // Without `lang`, every language's backlog (untranslated keys are open entries:
        // `state=resolved` shows none of them).
        let listKey = query.includeUntranslated ? Backlog.ListKey(language: query.lang, table: query.table) : nil
        let backlog = missingCache.backlog
        if !mayBlock {
            guard backlog.isSwept(state), listKey.map({ backlog.cached($0, serving: state) != nil }) ?? true else {
                throw LabelRoute.NotBuilt()
            }
        }
        // The shared store's report is swept by its reader (``sharedMissingRead``).
        if let store, backlog.sweep(store.recorder, serving: state) { missingCache.invalidate() }
        return listKey.map { backlog.untranslated($0, serving: state) }
    }

    /// The entries a `DELETE /missing` names (`key`, `lang`, `table`: each optional, all
    /// given must match), or nil for the whole report (none given).
    static func entryToRemove(_ request: HTTPRequest) throws(APIError) -> (key: String?, lang: String?, table: String?)? {
        let parameters = try QueryParameters(request)
        let key = try parameters.entryKey()
        let lang = try parameters.language()?.rawValue
        let table = try parameters.tableName()
        return key == nil && lang == nil && table == nil ? nil : (key, lang, table)
    }

    /// `Content-Disposition` for a download (`missing-de.xliff`, or `missing.xliff` without a
    /// language; JSON only when `format=json` is asked for), and the untranslated backlog's
    /// size and bound (`X-Untranslated-Total`, `X-Untranslated-Limit`).
    static func addBacklogHeaders(_ headers: inout HTTPHeaders, format: String?, lang: String?,
                                  untranslated: Backlog.Untranslated?) {
        if let format, let name = downloadName(format: format, lang: lang) {
            headers.add("Content-Disposition", value: "attachment; filename=\"\(name)\"")
        }
        if let untranslated {
            headers.add("X-Untranslated-Total", value: String(untranslated.total))
            headers.add("X-Untranslated-Limit", value: String(Backlog.maximumUntranslated))
        }
    }

    /// `missing-<lang>.<extension>`: the language as its canonical tag (letters, digits and
    /// hyphens only, whatever the request spelled), never raw request text.
    static func downloadName(format: String, lang: String?) -> String? {
        let fileExtension: String
        switch format {
        case "xliff", "csv", "strings", "json": fileExtension = format
        default: return nil
        }
        guard let lang, let tag = LanguageTag(lang) else { return "missing.\(fileExtension)" }
        let safe = String(tag.rawValue.unicodeScalars.filter { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-")
        })
        return safe.isEmpty ? "missing.\(fileExtension)" : "missing-\(safe).\(fileExtension)"
    }
}
