import Foundation

/// The part of YAML `openapi.yaml` is written in, read into nested mappings: block
/// mappings by indentation, `key: value` scalars (quotes removed), folded and literal
/// blocks (`>`, `|`) and plain scalars continued on deeper lines. Sequences (`- …`) and
/// everything under them are skipped; flow collections (`[a, b]`) stay text. Enough to
/// read paths, operations, responses and descriptions; not a YAML parser.
struct OpenAPIDocument {
    /// A class, not a struct: a struct holding an array of tuples of itself is a "circular
    /// reference" to the compiler once the module is built for testing.
    final class Node {
        var value: String?
        var children: [(key: String, node: Node)] = []

        init(value: String? = nil) { self.value = value }

        subscript(key: String) -> Node? { children.first { $0.key == key }?.node }

        /// The node at a `#/a/b/c` reference.
        func resolve(_ reference: String) -> Node? {
            reference.dropFirst(2).split(separator: "/").reduce(Optional(self)) { $0?[String($1)] }
        }
    }

    var root = Node()

    init(yaml: String) {
        var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        root = Self.mapping(&lines, indent: 0)
    }

    private static func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    private static func isBlank(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty || trimmed.hasPrefix("#")
    }

    /// Reads the lines indented exactly `indent` (and what they contain) as one mapping.
    private static func mapping(_ lines: inout ArraySlice<String>, indent: Int) -> Node {
        let node = Node()
        while let line = lines.first {
            if isBlank(line) { lines.removeFirst(); continue }
            let level = indentation(line)
            if level < indent { break }
            lines.removeFirst()
            let content = line.dropFirst(level)
            if level > indent || content.hasPrefix("- ") || content == "-" {
                skipDeeper(&lines, than: level)   // a sequence, or what belongs to one
                continue
            }
            guard let colon = content.range(of: ": ") ?? (content.hasSuffix(":") ? content.index(before: content.endIndex)..<content.endIndex : nil) else {
                continue
            }
            let key = unquoted(String(content[..<colon.lowerBound]))
            let value = String(content[colon.upperBound...]).trimmingCharacters(in: .whitespaces)
            if value.isEmpty {
                node.children.append((key, mapping(&lines, indent: nextIndent(lines, after: level))))
            } else if value.hasPrefix(">") || value.hasPrefix("|") {
                node.children.append((key, Node(value: block(&lines, deeperThan: level))))
            } else {
                let more = block(&lines, deeperThan: level)
                node.children.append((key, Node(value: unquoted(more.isEmpty ? value : value + " " + more))))
            }
        }
        return node
    }

    /// The indentation of the next non-blank line, if deeper than `level` (else a child-less mapping).
    private static func nextIndent(_ lines: ArraySlice<String>, after level: Int) -> Int {
        guard let next = lines.first(where: { !isBlank($0) }) else { return level + 1 }
        let indent = indentation(next)
        return indent > level ? indent : level + 1
    }

    /// The lines deeper than `level`, trimmed and joined by spaces.
    private static func block(_ lines: inout ArraySlice<String>, deeperThan level: Int) -> String {
        var text: [String] = []
        while let line = lines.first, isBlank(line) || indentation(line) > level {
            lines.removeFirst()
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { text.append(trimmed) }
        }
        return text.joined(separator: " ")
    }

    private static func skipDeeper(_ lines: inout ArraySlice<String>, than level: Int) {
        while let line = lines.first, isBlank(line) || indentation(line) > level { lines.removeFirst() }
    }

    private static func unquoted(_ text: String) -> String {
        for quote in ["'", "\""] where text.count >= 2 && text.hasPrefix(quote) && text.hasSuffix(quote) {
            return String(text.dropFirst().dropLast())
        }
        return text
    }
}
