/// The language a source file is lexed as, from its extension.
package enum SourceLanguage: Sendable, Hashable {
    case swift
    /// `.m`, `.mm`, `.h`: C comments, `@"…"` literals, positional arguments.
    case objectiveC

    /// The language of a path by extension, or nil for files the scan skips.
    package init?(path: String) {
        if path.hasSuffix(".swift") {
            self = .swift
        } else if path.hasSuffix(".m") || path.hasSuffix(".mm") || path.hasSuffix(".h") {
            self = .objectiveC
        } else {
            return nil
        }
    }
}
