/// A reason a report or an error carries for scripts: a stable string (`name-collision`,
/// `placeholder-mismatch`, `table-unreadable`) that does not change when the sentence
/// for people does. Tests assert it instead of the sentence.
package protocol StableCode {
    /// Lower-case words joined by hyphens; never renamed once released.
    var code: String { get }
}

extension StableCode where Self: RawRepresentable, RawValue == String {
    /// The raw value is the code.
    package var code: String { rawValue }
}
