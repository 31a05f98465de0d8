
/// Matches a requested language to the store's `.lproj` languages the way
/// `Bundle.preferredLocalizations` does.
///
/// For one requested tag the matches are, in order, without duplicates:
/// 1. the tag and its CLDR parents, as written (`de-AT`, `de`; `es-MX`, `es-419`, `es`);
/// 2. the same after CLDR's legacy aliases (`iw` → `he`, `no` → `nb`, `in` → `id`);
/// 3. folders equal under CLDR likely subtags, walking CLDR's parent chain of the
///    maximized tag (`de` finds `de-DE`; `zh-TW` finds `zh-Hant`; `zh-HK` finds
///    `zh-HK`, then `zh-Hant`; `es-MX` finds `es-419`, then `es`), never
///    crossing scripts (`zh-Hant` never falls to Simplified `zh`);
/// 4. any other regional variant of the same language and script, the language's
///    default region first (`de-AT` finds `de-CH` when that is all there is).
///
/// No step crosses a script the tag writes (``LanguageTag/mayFall(to:)``: `sr-Latn`
/// never reaches a Cyrillic `sr.lproj`), and parents stop at another language
/// (CLDR's `hi-Latn` → `en-IN` is not followed). Private-use tags (`x-klingon`) match
/// only themselves; grandfathered ones (`i-klingon`) match as their replacement (`tlh`).
///
/// Matches are cached per tag (bounded: requests can carry any well-formed tag).
package final class LanguageMatcher: Sendable {
    /// The store's languages by their maximized `language-Script-REGION`.
    private let byMaximized: [String: [LanguageTag]]
    /// The store's languages by maximized `language-Script`, default region first.
    private let byLanguageScript: [String: [LanguageTag]]
    private let available: Set<LanguageTag>
    private let cache = Locked<[LanguageTag: [LanguageTag]]>([:])

    /// Most cached tags; beyond it an arbitrary entry makes room.
    package static let cacheCapacity = 4096

    package init(available: some Collection<LanguageTag>) {
        self.available = Set(available)
        var byMaximized: [String: [LanguageTag]] = [:]
        var byLanguageScript: [String: [(isDefault: Bool, tag: LanguageTag)]] = [:]
        for tag in self.available.sorted() {
            let maximized = LocaleParts(tag).aliased.maximized
            byMaximized[maximized.baseTag, default: []].append(tag)
            let languageDefault = LocaleParts(language: maximized.language, script: maximized.script).maximized
            let key = LocaleParts(language: maximized.language, script: maximized.script).baseTag
            byLanguageScript[key, default: []].append((languageDefault.region == maximized.region, tag))
        }
        self.byMaximized = byMaximized
        self.byLanguageScript = byLanguageScript.mapValues { entries in
            entries.filter(\.isDefault).map(\.tag) + entries.filter { !$0.isDefault }.map(\.tag)
        }
    }

    /// The store languages that serve `requested`, best first (see the type's
    /// documentation). Truncations the store lacks are kept too: they cost a
    /// probe and keep the chain readable.
    package func matches(for requested: LanguageTag) -> [LanguageTag] {
        if let cached = cache.withLock({ $0[requested] }) { return cached }
        let result = computeMatches(for: requested)
        cache.withLock { cache in
            if cache.count >= Self.cacheCapacity, let victim = cache.keys.first { cache[victim] = nil }
            cache[requested] = result
        }
        return result
    }

    /// How many tags are cached now (for tests of the bound).
    var cachedCount: Int { cache.withLock { $0.count } }

    private func computeMatches(for requested: LanguageTag) -> [LanguageTag] {
        // Private use names no language: only a folder of that very name serves it.
        if requested.isPrivateUse { return [requested] }
        // A grandfathered tag is matched as its registered replacement, never truncated.
        if requested.isGrandfathered {
            guard let preferred = requested.grandfatheredPreferredValue else { return [requested] }
            return [requested] + matches(for: preferred).filter { $0 != requested }
        }
        var result: [LanguageTag] = [requested]
        // Never across a written script (see `LanguageTag.mayFall(to:)`).
        func add(_ tag: LanguageTag) {
            if !result.contains(tag), requested.mayFall(to: tag) { result.append(tag) }
        }
        // The tag and its truncations down to `language-Script-REGION` (variants,
        // extensions: `de-CH-1996` → `de-CH`), then CLDR's parents within its language
        // (`es-MX` → `es-419` → `es`), then plain truncations for what the parents skip.
        let written = LocaleParts(requested)
        let base = LanguageTag(written.baseTag)
        if let base {
            for tag in requested.truncations where tag.rawValue.hasPrefix(base.rawValue + "-") { add(tag) }
            add(base)
        }
        for parent in written.parentsWithinLanguage { if let tag = LanguageTag(parent.baseTag) { add(tag) } }
        requested.truncations.forEach(add)
        let parts = written.aliased
        if let aliased = LanguageTag(parts.baseTag), aliased != requested {
            aliased.truncations.filter(available.contains).forEach(add)
        }
        let maximized = parts.maximized
        let start = LocaleParts(language: maximized.language, script: maximized.script, region: maximized.region)
        for current in [start] + start.parentsWithinLanguage {
            let candidate = current.maximized
            if candidate.script == maximized.script {
                byMaximized[candidate.baseTag]?.forEach(add)
            }
        }
        byLanguageScript[LocaleParts(language: maximized.language, script: maximized.script).baseTag]?.forEach(add)
        return result
    }
}

extension LocaleParts {
    /// CLDR's parents up to root, stopping where one names another language
    /// (`hi-Latn` → `en-IN`: English is not a version of Hindi).
    var parentsWithinLanguage: [LocaleParts] {
        var result: [LocaleParts] = []
        var parent = self.parent
        while let current = parent, current.language == language {
            result.append(current)
            parent = current.parent
        }
        return result
    }
}
