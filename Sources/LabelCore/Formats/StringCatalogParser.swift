public import Foundation

/// Reads `.xcstrings` String Catalogs into `LocalizedString`s, one set per language.
///
/// How catalog features map onto the shared model:
/// - a `stringUnit` value is the template; every state that has a value is
///   served (`translated`, `needs_review`, `new`, `stale`), and states other
///   than `translated` are listed in `StringCatalog.states`;
/// - top-level plural variations become the template `%#@__plural@` with one
///   synthetic variable `__plural`, typed by the first numeric specifier of the
///   `other` text (`lld`) and reading that specifier's argument;
/// - device variations serve `iphone`, else `other`, else the first device in
///   sorted order: the clients are phones;
/// - each substitution becomes a variable with `argumentNumber = argNum` and
///   `valueType = formatSpecifier`; the catalog's `%arg` token in its texts,
///   which stands for the substitution's own argument, becomes `%` +
///   formatSpecifier (`%lld`), an ordinary specifier for the renderer;
/// - a key with no usable value in the source language has the key itself as
///   its source-language value, as Xcode compiles it;
/// - `shouldTranslate: false` changes nothing here: such a key is served in
///   the languages that have it (normally only the source language), and other
///   languages fall back through the language chain.
public enum StringCatalogParser {
    /// Name of the synthetic variable that carries top-level plural variations.
    package static let pluralVariableName = "__plural"

    /// Parses a whole catalog; `file` names it in errors and warnings.
    ///
    /// - Throws: `StoreFileError` when the data is not JSON (with the line and
    ///   column of the fault), or a field has the wrong type, or `sourceLanguage`
    ///   or `version` is missing.
    public static func parse(_ data: Data, file: String) throws(StoreFileError) -> StringCatalog {
        let document: Document
        if let read = DocumentReader.document(in: data) {
            // Strict JSON throughout, skipped fields too: JSONSerialization would accept it.
            document = read
        } else {
            // JSONDecoder skips fields it does not decode without checking them;
            // JSONSerialization checks all of it and reports where it broke.
            do {
                _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            } catch {
                throw invalidJSON(error, in: data, file: file)
            }
            do {
                document = try JSONDecoder().decode(Document.self, from: data)
            } catch {
                throw mismatch(error, in: data, file: file)
            }
        }
        let source = document.sourceLanguage
        var reader = CatalogReader()
        var localizations: [String: [String: LocalizedString]] = [:]
        var comments: [String: String] = [:]
        let strings = document.strings ?? [:]
        for key in strings.keys.sorted() {
            if let comment = strings[key]!.comment.flatMap(DeveloperComment.cleaned) { comments[key] = comment }
            let languages = strings[key]!.localizations ?? [:]
            for language in languages.keys.sorted() {
                let path = ["strings", key, "localizations", language]
                if let value = reader.localizedString(languages[language]!, key: key, language: language, path: path) {
                    localizations[language, default: [:]][key] = value
                }
            }
            if localizations[source]?[key] == nil {
                localizations[source, default: [:]][key] = LocalizedString(template: key)
            }
        }
        var catalog = StringCatalog(sourceLanguage: source, version: document.version, localizations: localizations,
                                    states: reader.states, warnings: reader.warnings(in: data, file: file))
        catalog.comments = comments
        return catalog
    }

    /// A JSONSerialization failure, placed by the byte offset in its message
    /// ("Invalid value around character 24.") when there is one.
    private static func invalidJSON(_ error: any Error, in data: Data, file: String) -> StoreFileError {
        let message = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String)
            ?? (error as NSError).localizedDescription
        var location = SourceLocation(file: file, line: 1, column: 1)
        if let range = message.range(of: "character ") {
            let digits = message[range.upperBound...].prefix(while: \.isNumber)
            if let offset = Int(digits) {
                location = UTF8LineIndex(data).location(ofByte: offset, file: file)
            }
        } else if message.localizedCaseInsensitiveContains("end of file") {
            location = UTF8LineIndex(data).location(ofByte: data.count, file: file)
        }
        return StoreFileError(location: location, reason: .invalidJSON(message))
    }

    /// A decoding failure of valid JSON: a field of the wrong type or a missing one.
    private static func mismatch(_ error: any Error, in data: Data, file: String) -> StoreFileError {
        let path: [String]
        let reason: StoreFileError.Reason
        switch error as? DecodingError {
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            path = components(context.codingPath)
            reason = .unexpectedType(path: display(path), expected: describe(type))
        case .keyNotFound(let key, let context):
            path = components(context.codingPath)
            reason = .missingField(path: display(path + [key.stringValue]))
        case .dataCorrupted(let context):
            path = components(context.codingPath)
            reason = .unexpectedType(path: display(path), expected: "a valid value (\(context.debugDescription))")
        default:
            return StoreFileError(location: SourceLocation(file: file, line: 1, column: 1), reason: .invalidJSON("\(error)"))
        }
        return StoreFileError(location: locate(path, in: data, file: file), reason: reason)
    }

    private static func components(_ codingPath: [any CodingKey]) -> [String] {
        codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    }

    /// `strings["my key"].localizations.en`: readable, and unambiguous for keys with dots.
    static func display(_ path: [String]) -> String {
        guard !path.isEmpty else { return "the top level" }
        var text = ""
        for component in path {
            let plain = !component.isEmpty && component.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            if plain {
                text += text.isEmpty ? component : "." + component
            } else {
                let escaped = component.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                text += "[\"\(escaped)\"]"
            }
        }
        return text
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "an integer"
        case is Bool.Type: "a boolean"
        default: "an object"
        }
    }

    /// The position of the deepest key of `path` that is written in `data`.
    static func locate(_ path: [String], in data: Data, file: String,
                       offsets: [[String]: Int]? = nil, lines: UTF8LineIndex? = nil) -> SourceLocation {
        let offsets = offsets ?? JSONKeyLocator.keyOffsets(in: data)
        var path = path
        while !path.isEmpty, offsets[path] == nil { path.removeLast() }
        guard !path.isEmpty else { return SourceLocation(file: file, line: 1, column: 1) }
        return (lines ?? UTF8LineIndex(data)).location(ofByte: offsets[path]!, file: file)
    }
}
