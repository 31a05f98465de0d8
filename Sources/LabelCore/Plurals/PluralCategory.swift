/// A CLDR plural category.
///
/// The raw values are the keys used by `.stringsdict` and `.xcstrings` files and
/// by CLDR itself, so they can be decoded straight from those files.
public enum PluralCategory: String, CaseIterable, Sendable, Codable, Hashable, Comparable {
    case zero, one, two, few, many, other

    /// CLDR order (zero first, other last), used to list categories stably.
    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
