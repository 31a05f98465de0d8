/// Limits of label requests other targets configure against.
public enum LabelQueryLimits {
    /// The longest key `GET /labels/{key}` accepts, in UTF-8 bytes.
    public static let maximumKeyBytes = 1024
}
