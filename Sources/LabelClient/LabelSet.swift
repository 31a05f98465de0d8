import Foundation
import LabelCore

/// One table's labels in one language, as the launch fetch got them: a value
/// any task or view can hold and read without waiting.
///
/// Rendering goes through `LabelCore`'s resolver and formatter — the code
/// behind `GET /labels/{key}` — so `string(_:count:arguments:)` returns what
/// the server would, online or offline.
public struct LabelSet: Sendable {
    /// Where the labels came from.
    public enum Origin: String, Sendable, Hashable {
        /// Fetched now (`200`).
        case network
        /// The cached copy, confirmed current by the server (`304`).
        case revalidated
        /// The cached copy, because the server could not be reached in time or failed.
        case cache
        /// The app's bundled store, because there was neither server nor cache.
        case fallback
    }

    public let origin: Origin
    /// The language most strings are in: the first language of the chain
    /// that has the table (`de` when `de-AT` was asked for).
    public let language: String
    /// The bundle's strong ETag as the server sent it; `nil` for `.fallback`.
    public let etag: String?
    /// The tag asked for, canonical (`de-AT`).
    public let requested: String
    public let table: String

    let resolver: LabelResolver
    let chain: LanguageChain
    let misses: MissQueue?
    let bundleSource: BundleSource?

    init(origin: Origin, language: String, etag: String?, table: String, resolver: LabelResolver,
         requested: LanguageTag, misses: MissQueue?, bundles: BundleWriter?) {
        self.origin = origin
        self.language = language
        self.etag = etag
        self.table = table
        self.resolver = resolver
        self.requested = requested.rawValue
        self.chain = resolver.chain(preferred: [requested])
        self.misses = misses
        bundleSource = bundles.map { BundleSource(writer: $0) }
    }

    /// The rendered label, as `GET /labels/{key}?count=&arg=` would answer.
    ///
    /// `count` is argument 1 and `arguments` follow. A count with no fraction
    /// is written as an integer (`3`, never `3.0`: `1.0` would pick German
    /// `other`); to pass a number as written, leave `count` nil and put the
    /// text first in `arguments`. A key the table lacks comes back as the key.
    ///
    /// Never a format specifier for a screen reader to read aloud: where the
    /// server would answer 400 (some arguments missing, or one not fitting its
    /// specifier), and where the template takes arguments and none were given
    /// (the server answers the raw template with `"arguments": N` for API
    /// clients), this returns the key itself and logs once per key
    /// (docs/decisions/client-unrenderable-label.md). A key not found, or found
    /// only in a fallback language, is queued for ``LabelClient/flushMissing()``,
    /// rendered or not.
    @discardableResult
    public func string(_ key: String, count: Double? = nil, arguments: [String] = []) -> String {
        let all = (count.map { [Self.argumentText($0)] } ?? []) + arguments
        do {
            let label = try resolver.label(key: key, table: table, chain: chain, arguments: all)
            if label.isMissing { misses?.record(key: key, language: requested, table: table) }
            guard let needed = label.arguments else { return Self.speech(label, argumentLanguages: []).text }
            // `value` is the unrendered template: not for a screen reader.
            unrenderable(key, "takes \(needed) argument\(needed == 1 ? "" : "s"), none given")
            return InlineMarkup.parse(key).text
        } catch {
            let resolution = resolver.resolve(key: key, table: table, chain: chain)
            if resolution.isMissing { misses?.record(key: key, language: requested, table: table) }
            unrenderable(key, "\(error)")
            return InlineMarkup.parse(key).text
        }
    }

    /// The label as ``string(_:count:arguments:)`` renders it, with its runs: what
    /// `GET /labels/{key}?count=&arg=&argLang=` answers as `value` and `runs`. Each
    /// inline attribute run of the store value, and each argument's range (attribute
    /// `argument`, its number; `languageIdentifier` when the argument has a language),
    /// in UTF-16 code units of `text`. Where `string` returns the key, so does this, with no runs.
    public func rendering(_ key: String, count: Double? = nil, arguments: [LabelArgument] = []) -> LabelRendering {
        let all = (count.map { [Self.argumentText($0)] } ?? []) + arguments.map(\.text)
        let languages = (count.map { _ in [String?.none] } ?? []) + arguments.map(\.language)
        do {
            let label = try resolver.label(key: key, table: table, chain: chain, arguments: all)
            if label.isMissing { misses?.record(key: key, language: requested, table: table) }
            guard let needed = label.arguments else {
                return Self.speech(label, argumentLanguages: languages)
            }
            unrenderable(key, "takes \(needed) argument\(needed == 1 ? "" : "s"), none given")
            return Self.keyRendering(key)
        } catch {
            let resolution = resolver.resolve(key: key, table: table, chain: chain)
            if resolution.isMissing { misses?.record(key: key, language: requested, table: table) }
            unrenderable(key, "\(error)")
            return Self.keyRendering(key)
        }
    }

    /// The key as a fallback text: a SwiftUI key is often the markup itself, so it is said
    /// without it (as the server strips a missing key), with the markup's runs.
    static func keyRendering(_ key: String) -> LabelRendering {
        let (text, runs) = InlineMarkup.parse(key)
        return LabelRendering(text: text, runs: runs)
    }

    /// The rendered label's text (LabelCore's formatter takes the markup out) and its
    /// runs, with each argument's language added as the server adds `argLang`.
    static func speech(_ label: ResolvedLabel, argumentLanguages: [String?]) -> LabelRendering {
        LabelRendering(text: label.value, runs: LabelRun.addingLanguages(argumentLanguages, to: label.runs))
    }

    /// Logs, once per key and table, why a label came back as its key.
    private func unrenderable(_ key: String, _ reason: String) {
        if misses?.firstFailure(key: key, table: table) ?? true {
            LabelClientLog.write("label \(key) (\(table), \(requested)): \(reason); returning the key")
        }
    }

    /// Every key the set has (the table's keys over the whole chain), sorted.
    public var keys: [String] {
        var keys = Set<String>()
        for language in chain.languages { keys.formUnion(resolver.catalog.entries(table: table, language: language).keys) }
        return keys.sorted()
    }

    /// The text of a count argument: integral values without a fraction.
    static func argumentText(_ count: Double) -> String {
        if count.isFinite, count == count.rounded(), abs(count) < 9.0e15 {
            return String(Int64(count))
        }
        return String(count)
    }
}
