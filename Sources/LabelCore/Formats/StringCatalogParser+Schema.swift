extension StringCatalogParser {
    // The parts of the String Catalog JSON this reader uses. Everything else
    // (`comment`, `extractionState`, ...) is ignored, so newer Xcode fields do no harm.

    struct Document: Decodable {
        var sourceLanguage: String
        var version: String
        var strings: [String: Entry]?
    }

    struct Entry: Decodable {
        var localizations: [String: Localization]?
    }

    /// A localization, and also each plural or device variant inside one.
    struct Localization: Decodable {
        var stringUnit: StringUnit?
        var variations: Variations?
        var substitutions: [String: Substitution]?
    }

    struct StringUnit: Decodable {
        var state: String?
        var value: String?
    }

    struct Variations: Decodable {
        var plural: [String: Localization]?
        var device: [String: Localization]?
    }

    struct Substitution: Decodable {
        var argNum: Int?
        var formatSpecifier: String?
        var variations: Variations?
    }
}
