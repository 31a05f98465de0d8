package import LabelCore

extension ImportReport {
    /// Why a unit was not written although nothing is wrong with it (Xcode skips it too):
    /// values and a stable code; ``description`` is the reports' sentence.
    package enum SkipReason: Sendable, Hashable, CustomStringConvertible, StableCode {
        /// The unit has no `<target>`.
        case noTarget
        /// The target's state is `new` or `needs-translation`.
        case notTranslated(state: String)
        /// A `.strings` key the table's `.stringsdict` (`file`) holds.
        case livesInStringsDict(key: String, file: String)
        /// The development language's `table` lacks the key (also an `unknown-key` finding).
        case notInDevelopmentLanguage(table: String)
        /// A plural variant for a category the language does not use.
        case categoryNotInLanguage(LanguageTag, PluralCategory)
        /// For a String Catalog: a width variant, which a catalog has none of.
        case widthVariantInCatalog
        /// For a String Catalog: a variant it cannot hold under a device.
        case variantUnderDeviceInCatalog
        /// For a String Catalog: the format of a plural, which the catalog has none of.
        case pluralFormatInCatalog

        package var code: String {
            switch self {
            case .noTarget: "no-target"
            case .notTranslated: "not-translated"
            case .livesInStringsDict: "lives-in-stringsdict"
            case .notInDevelopmentLanguage: "not-in-development-language"
            case .categoryNotInLanguage: "category-not-in-language"
            case .widthVariantInCatalog: "width-variant-in-catalog"
            case .variantUnderDeviceInCatalog: "variant-under-device-in-catalog"
            case .pluralFormatInCatalog: "plural-format-in-catalog"
            }
        }

        package var description: String {
            switch self {
            case .noTarget: "no <target>"
            case .notTranslated(let state): "state \(state): not translated yet"
            case .livesInStringsDict(let key, let file): "\"\(key)\" lives in \(file)"
            case .notInDevelopmentLanguage(let table): "not in the development language's \(table)"
            case .categoryNotInLanguage(let language, let category): "\(language) has no plural category \(category.rawValue)"
            case .widthVariantInCatalog: "a width variant; a String Catalog has none"
            case .variantUnderDeviceInCatalog: "a variant a String Catalog cannot hold under a device"
            case .pluralFormatInCatalog: "the format of a String Catalog plural; the catalog has none"
            }
        }
    }
}
