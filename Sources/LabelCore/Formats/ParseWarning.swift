/// Something a reader accepted but a linter should report, such as text that
/// Apple's reader silently ignores.
public struct ParseWarning: Sendable, Hashable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): warning: \(message)" }
}
