/// An element of a small XML tree, as ``XMLTreeReader`` builds it: enough for
/// XLIFF, whose elements are few and shallow.
struct XMLElement: Sendable {
    enum Child: Sendable {
        case element(XMLElement)
        /// Character data, entities and CDATA resolved.
        case text(String)
    }

    var name: String
    /// In document order; names are unique (a repeated name is malformed).
    var attributes: [(name: String, value: String)]
    /// Empty for an element whose content is text only (``leafText``).
    var children: [Child]
    /// The content of an element that holds text and nothing else (`<source>`,
    /// `<target>`): kept without a one-child array, which for an XLIFF of half a million
    /// units is a fifth of the tree's memory.
    var leafText: String?
    /// Byte offset of the `<` of the start tag.
    var offset: Int
    /// Line and column (in scalars) of that `<`, for errors found in the tree after the
    /// bytes are let go.
    var line = 1
    var column = 1
    /// Byte offset just past the end tag (or the `/>`).
    var endOffset: Int

    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    var elements: [XMLElement] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// Child elements named `name`.
    func elements(named name: String) -> [XMLElement] {
        var result: [XMLElement] = []
        for child in children {
            if case .element(let element) = child, element.name == name { result.append(element) }
        }
        return result
    }

    /// The concatenated text children (direct only).
    var text: String {
        if let leafText { return leafText }
        var result = ""
        for child in children { if case .text(let text) = child { result += text } }
        return result
    }
}
