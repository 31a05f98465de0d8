/// A position in a store file, 1-based, for errors and lint findings.
///
/// `column` counts Unicode scalars from the start of the line, so it matches
/// what an editor shows for UTF-8 and UTF-16 files alike.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}
