#if canImport(SwiftUI)
import SwiftUI

// SwiftUI adoption in one line: put the launch's LabelSet in the environment
// at the root, then read labels by key anywhere below it.
//
//     ContentView().labelSet(labels)                       // at the root
//     Image(systemName: "xmark").accessibilityLabel(labelKey: "control.close.label")
//     LabelText("coins.count", count: 3)                   // a visible label
//     @Environment(\.labelSet) private var labels          // anything else
//
// Without a set in the environment (previews, before the launch fetch ends)
// the key itself is shown, as the server answers for a key it lacks.

private struct LabelSetKey: EnvironmentKey {
    static let defaultValue: LabelSet? = nil
}

extension EnvironmentValues {
    /// The labels of the current launch; `nil` until one is set with `.labelSet(_:)`.
    public var labelSet: LabelSet? {
        get { self[LabelSetKey.self] }
        set { self[LabelSetKey.self] = newValue }
    }
}

extension LabelSet {
    /// ``attributedString(_:count:arguments:)`` on an optional set: the key when there
    /// is none. The attributed form carries the label's speech runs (language, phonetic
    /// notation, inflection…) to VoiceOver; its text is `string(_:count:arguments:)`'s.
    static func text(_ set: LabelSet?, _ key: String, count: Double?, arguments: [String]) -> AttributedString {
        set?.attributedString(key, count: count, arguments: arguments.map { .text($0) }) ?? AttributedString(keyRendering(key).text)
    }
}

/// Sets the accessibility label from the environment's ``LabelSet``.
private struct LabelKeyAccessibility: ViewModifier {
    @Environment(\.labelSet) private var labels
    let key: String
    let count: Double?
    let arguments: [String]

    func body(content: Content) -> some View {
        content.accessibilityLabel(Text(LabelSet.text(labels, key, count: count, arguments: arguments)))
    }
}

extension View {
    /// Makes `labels` the environment's ``LabelSet`` for this view and its descendants.
    public func labelSet(_ labels: LabelSet?) -> some View {
        environment(\.labelSet, labels)
    }

    /// The accessibility label rendered from the environment's ``LabelSet``.
    public func accessibilityLabel(labelKey key: String, count: Double? = nil, arguments: [String] = []) -> some View {
        modifier(LabelKeyAccessibility(key: key, count: count, arguments: arguments))
    }
}

/// A `Text` showing a label from the environment's ``LabelSet``.
public struct LabelText: View {
    @Environment(\.labelSet) private var labels
    let key: String
    let count: Double?
    let arguments: [String]

    public init(_ key: String, count: Double? = nil, arguments: [String] = []) {
        self.key = key
        self.count = count
        self.arguments = arguments
    }

    public var body: some View {
        Text(LabelSet.text(labels, key, count: count, arguments: arguments))
    }
}
#endif
