/// Arguments' runs (`argument` = N) and the languages a request or an app gives them.
extension LabelRun {
    /// The argument number of an argument's run, or nil for a markup run.
    public var argumentNumber: Int? {
        // An `argument` attribute a store's markup spelled may hold any number: only those an
        // argument list can have (1 to 1,000, whole) convert, so no value can trap `Int(_:)`.
        guard case .number(let number) = value(of: "argument"), number >= 1, number <= 1_000,
              number == number.rounded() else { return nil }
        return Int(number)
    }

    /// `runs` with `languageIdentifier` = `languages[N - 1]` set on the run of argument N
    /// (replacing one the run had); a nil or missing language leaves that run alone.
    /// The server's `argLang` and LabelClient's `.text(_, language:)` both come here.
    public static func addingLanguages(_ languages: [String?], to runs: [LabelRun]) -> [LabelRun] {
        runs.map { run in
            guard let number = run.argumentNumber, number <= languages.count, let language = languages[number - 1] else {
                return run
            }
            var run = run
            run.attributes.removeAll { $0.name == "languageIdentifier" }
            run.attributes.append(Attribute(name: "languageIdentifier", value: .string(language)))
            return run
        }
    }
}
