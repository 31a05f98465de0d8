/// Where the store is and how its bundles and languages are ordered.
public struct StoreConfiguration: Sendable, Hashable {
    /// The store folder (`Strings/`), holding one folder per bundle.
    public var directory: String
    /// Bundle folder names, highest priority first.
    public var bundles: [String]
    /// The language every chain ends with; `nil` for `none`.
    public var developmentLanguage: LanguageTag?
    /// Files larger than this are refused: a store file is text written by
    /// people, and a runaway file must not exhaust memory at load.
    public var maximumFileBytes: Int
    /// Bundles whose folder is given by path (an app's own resources folder, absolute or
    /// relative to the working directory) instead of `directory/<name>`, by bundle name.
    /// Each still needs its place in ``bundles``.
    package var bundleFolders: [String: String] = [:]
    /// Compute the pseudo-locales `en-XA` and `ar-XB` from the development language at
    /// load (``PseudoLocale``). Off here; the executable's `--pseudo-locales` turns it on.
    package var pseudoLocales = false

    public static let defaultBundles = ["app", "framework"]
    public static let defaultDevelopmentLanguage = LanguageTag("en")

    public init(
        directory: String = "Strings",
        bundles: [String] = StoreConfiguration.defaultBundles,
        developmentLanguage: LanguageTag? = StoreConfiguration.defaultDevelopmentLanguage,
        maximumFileBytes: Int = 32 << 20
    ) {
        self.directory = directory
        self.bundles = bundles
        self.developmentLanguage = developmentLanguage
        self.maximumFileBytes = maximumFileBytes
    }
}
