extension StringCatalogParser {
    // The parts of the String Catalog JSON this reader uses. Everything else
    // (`extractionState`, ...) is ignored, so newer Xcode fields do no harm; an entry's
    // `comment` is read when it is a string and ignored otherwise, as before.
    // Read by `DocumentReader`, or by `JSONDecoder` where that has to decide
    // (Equatable so tests can compare the two).

    struct Document: Decodable, Equatable {
        var sourceLanguage: String
        var version: String
        var strings: [String: Entry]?
    }

    struct Entry: Decodable, Equatable {
        var localizations: [String: Localization]?
        var comment: String?

        init(localizations: [String: Localization]?, comment: String? = nil) {
            self.localizations = localizations
            self.comment = comment
        }

        private enum CodingKeys: String, CodingKey { case localizations, comment }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            localizations = try container.decodeIfPresent([String: Localization].self, forKey: .localizations)
            comment = try? container.decodeIfPresent(String.self, forKey: .comment)
        }
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
