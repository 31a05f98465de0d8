/// Limits of label requests other targets configure against.
package enum LabelQueryLimits {
    /// The longest key `GET /labels/{key}` accepts, in UTF-8 bytes.
    package static let maximumKeyBytes = 1024
}
