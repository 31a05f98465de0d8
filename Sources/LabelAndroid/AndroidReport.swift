public import LabelCore

/// What `label-server export android` did: folders, files, the key → resource-name
/// mapping per table, how many values each folder got, and everything refused.
public struct AndroidReport: Sendable {
    public struct Folder: Sendable, Hashable {
        public var language: LanguageTag
        public var folder: String
    }

    public var developmentLanguage: LanguageTag?
    public var folders: [Folder] = []
    /// Table → file name in each folder (`strings.xml`).
    public var files: [String: String] = [:]
    /// Table → key → resource name (collided keys absent).
    public var names: [String: [String: String]]
    /// Table → folder → values written.
    public var converted: [String: [String: Int]] = [:]
    public var refusals: [AndroidRefusal] = []

    public init(developmentLanguage: LanguageTag?, names: [String: [String: String]]) {
        self.developmentLanguage = developmentLanguage
        self.names = names
    }

    public var errorCount: Int { refusals.count { $0.severity == .error } }
    public var warningCount: Int { refusals.count { $0.severity == .warning } }
}
