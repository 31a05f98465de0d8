/// One well-formed piece of inline attribute markup found in a template, as byte offsets
/// into its UTF-8: `^` at `open`, the text from `open + 2` to `close` (the `]`), the
/// attributes from `close + 2` (after `](`) to `end` (one past the `)`).
struct InlineMarkupSpan {
    var open: Int
    var close: Int
    var end: Int
    var attributes: [LabelRun.Attribute]
    /// Well-formed markup inside the text, in order.
    var children: [InlineMarkupSpan]

    /// First byte of the text inside `[…]`.
    var textStart: Int { open + 2 }
}
