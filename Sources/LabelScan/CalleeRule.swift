/// How one callee carries a key: which argument, and where its table and comment are.
struct CalleeRule: Sendable {
    enum Form: Sendable {
        /// `Name(…)`, optionally module-qualified (`SwiftUI.Text(…)`).
        case call
        /// `.name(…)` (a modifier or method).
        case member
        /// `@Name(…)`.
        case attribute
        /// `name(…)` or `.name(…)`, and `"key".name` (`--function` wrappers).
        case wrapper
    }

    enum Argument: Sendable, Hashable {
        /// The first argument, without a label.
        case first
        case label(String)
        /// Objective-C: by position.
        case position(Int)
    }

    var name: String
    var form: Form
    var key: Argument
    var table: Argument?
    var comment: Argument?
    /// The development-language text used when the table lacks the key (`value:`, `defaultValue:`).
    var value: Argument?
    /// A non-literal key is a dynamic site (an explicit lookup) rather than no site
    /// (a SwiftUI view given a `String`, which is verbatim text).
    var dynamic: Bool
    var defaultTable = "Localizable"
    /// The argument is an array literal of keys (`.accessibilityInputLabels`, `phrases:`).
    var array = false
    /// Interpolations are App Intents parameters, spelled `${name}` in the key.
    var placeholders = false
    /// Shown as the site's callee (`.accessibilityLabel`, `@Parameter`).
    var display: String

    init(_ name: String, _ form: Form, key: Argument, table: Argument? = nil, comment: Argument? = nil, value: Argument? = nil,
         dynamic: Bool, defaultTable: String = "Localizable", array: Bool = false, placeholders: Bool = false) {
        self.name = name
        self.form = form
        self.key = key
        self.table = table
        self.comment = comment
        self.value = value
        self.dynamic = dynamic
        self.defaultTable = defaultTable
        self.array = array
        self.placeholders = placeholders
        switch form {
        case .member: display = "." + name
        case .attribute: display = "@" + name
        case .call, .wrapper: display = name
        }
    }
}
