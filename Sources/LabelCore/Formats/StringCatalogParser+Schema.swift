extension StringCatalogParser {
    // The parts of the String Catalog JSON this reader uses. Everything else
    // (`comment`, `extractionState`, ...) is ignored, so newer Xcode fields do no harm.
    // Read by `DocumentReader`, or by `JSONDecoder` where that has to decide
    // (Equatable so tests can compare the two).

    struct Document: Decodable, Equatable {
        var sourceLanguage: String
        var version: String
        var strings: [String: Entry]?
    }

    struct Entry: Decodable, Equatable {
        var localizations: [String: Localization]?
    }

    /// A localization, and also each plural or device variant inside one.
    struct Localization: Decodable, Equatable {
        var stringUnit: StringUnit?
        var variations: Variations?
        var substitutions: [String: Substitution]?
    }

    struct StringUnit: Decodable, Equatable {
        var state: String?
        var value: String?
    }

    struct Variations: Decodable, Equatable {
        var plural: [String: Localization]?
        var device: [String: Localization]?
    }

    struct Substitution: Decodable, Equatable {
        var argNum: Int?
        var formatSpecifier: String?
        var variations: Variations?
    }
}
