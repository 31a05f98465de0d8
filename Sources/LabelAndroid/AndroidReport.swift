package import LabelCore

/// What `label-server export android` did: folders, files, the key → resource-name
/// mapping per table, how many values each folder got, and everything refused.
package struct AndroidReport: Sendable {
    package struct Folder: Sendable, Hashable {
        package var language: LanguageTag
        package var folder: String
    }

    package var developmentLanguage: LanguageTag?
    package var folders: [Folder] = []
    /// Table → file name in each folder (`strings.xml`).
    package var files: [String: String] = [:]
    /// Table → key → resource name (collided keys absent).
    package var names: [String: [String: String]]
    /// Table → folder → values written.
    package var converted: [String: [String: Int]] = [:]
    package var refusals: [AndroidRefusal] = []

    package init(developmentLanguage: LanguageTag?, names: [String: [String: String]]) {
        self.developmentLanguage = developmentLanguage
        self.names = names
    }

    package var errorCount: Int { refusals.count { $0.severity == .error } }
    package var warningCount: Int { refusals.count { $0.severity == .warning } }
}
