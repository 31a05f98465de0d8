/// Where one specifier or substitution of a text went in the rendered output: its UTF-8
/// range in the text, its UTF-16 range in the output. The text between marks is copied
/// as it is, so these are all it takes to carry an offset of the text over to the output.
struct RenderedMark {
    var source: Range<Int>
    var output: Range<Int>
}
