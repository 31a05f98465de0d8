/// One error found while loading the store, naming the file.
public struct StoreProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, relative to the store folder (`app/de.lproj/Localizable.strings`).
    public var file: String
    /// Line and column when the reader knows them.
    public var location: SourceLocation?
    public var message: String

    public init(file: String, location: SourceLocation? = nil, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    public var description: String {
        if let location { return "\(location): \(message)" }
        return "\(file): \(message)"
    }
}
