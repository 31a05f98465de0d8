/// SwiftGen's accessors mapped to their keys: `L10n.Settings.title` → (`Localizable`,
/// `settings.title`), read from the generated file's `tr("Table", "key", …)` calls.
package struct SwiftGenMap: Sendable, Hashable {
    package struct Target: Sendable, Hashable {
        package var table: String
        package var key: String
    }

    /// Dotted accessor path → key.
    package var accessors: [String: Target] = [:]

    package init(accessors: [String: Target] = [:]) {
        self.accessors = accessors
    }

    /// The outermost enum names (`L10n`): a chain starting with one is looked up.
    var roots: Set<String> {
        Set(accessors.keys.map { String($0.prefix { $0 != "." }) })
    }

    package mutating func merge(_ other: SwiftGenMap) {
        accessors.merge(other.accessors) { first, _ in first }
    }

    /// Whether the bytes may hold SwiftGen `tr(` calls (a cheap test before lexing).
    package static func mayDefine(_ bytes: [UInt8]) -> Bool {
        let needle = Array("tr(\"".utf8)
        guard bytes.count >= needle.count else { return false }
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == needle[0], bytes[index + 1] == needle[1], bytes[index + 2] == needle[2], bytes[index + 3] == needle[3] {
                return true
            }
            index += 1
        }
        return false
    }
}
