/// Loading failed; every broken file is listed, not just the first.
public struct StoreLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var problems: [StoreProblem]

    public init(problems: [StoreProblem]) { self.problems = problems }

    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}
