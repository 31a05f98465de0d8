import Foundation
import LabelCore

extension StringsDictMerge {
    /// A whole new file, as Xcode writes property lists (tabs, Apple's DOCTYPE).
    static func document(keys: [String], root: [String: PropertyListValue]) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
        for key in keys { text += entryText(key, root[key]!) }
        return text + "</dict>\n</plist>\n"
    }

    /// Replaces the value element of each existing key and inserts new keys before the root's `</dict>`.
    static func splice(_ data: Data, keys: [String], root: [String: PropertyListValue]) throws(ImportRefusal) -> [UInt8] {
        let bytes = [UInt8](data)
        // The reader skips a DOCTYPE's, a comment's or an instruction's bytes unread, and
        // the splice keeps every byte it does not replace: a file that is not UTF-8 of XML
        // characters throughout would stay so, and the merge would write a broken file.
        switch XMLTreeReader.textProblem(bytes) {
        case .invalidUTF8?: throw ImportRefusal(.existingNotUTF8)
        case .nonXMLCharacter(let scalar)?:
            throw ImportRefusal(.existingNonXMLCharacter(scalar: String(scalar.value, radix: 16, uppercase: true)))
        case nil: break
        }
        let plist: XMLElement
        do throws(XMLTreeReader.Failure) { plist = try XMLTreeReader.readDocument(bytes, allowsExternalDoctype: true) } catch {
            throw ImportRefusal(.existingNotXML(detail: "\(error.reason)"))
        }
        guard plist.name == "plist", plist.elements.count == 1, let dictionary = plist.elements.first, dictionary.name == "dict" else {
            throw ImportRefusal(.existingNotOneDictionary)
        }
        var valueRange: [String: Range<Int>] = [:]
        let children = dictionary.elements
        var index = 0
        while index + 1 < children.count {
            guard children[index].name == "key" else { throw ImportRefusal(.existingMisplacedElement(name: children[index].name)) }
            valueRange[children[index].text] = children[index + 1].offset..<children[index + 1].endOffset
            index += 2
        }
        var splices: [(range: Range<Int>, text: String)] = []
        var appended = ""
        for key in keys {
            if let range = valueRange[key] {
                // The old element starts after its indentation and ends before its newline.
                let text = value(root[key]!, depth: 1)
                splices.append((range, String(text.dropFirst().dropLast())))
            } else {
                appended += entryText(key, root[key]!)
            }
        }
        // The root's `</dict>` ends at its endOffset; insert new entries at the start of its line.
        var insertion = dictionary.endOffset - "</dict>".utf8.count
        var prefix = ""
        if !appended.isEmpty {
            var lineStart = insertion
            while lineStart > 0, bytes[lineStart - 1] == 0x09 || bytes[lineStart - 1] == 0x20 { lineStart -= 1 }
            if lineStart > 0, bytes[lineStart - 1] == 0x0A { insertion = lineStart } else { prefix = "\n" }
            splices.append((insertion..<insertion, prefix + appended))
        }
        return StringsTableMerge.applying(splices.map { ($0.range, Array($0.text.utf8)) }, to: bytes)
    }

    /// `\t<key>KEY</key>\n\t<dict>…\t</dict>\n`.
    static func entryText(_ key: String, _ entry: PropertyListValue) -> String {
        "\t<key>\(XMLEscaping.escaped(key, .propertyListText))</key>\n" + value(entry, depth: 1)
    }

    /// One value at `depth` tabs, ending in a newline, keys in the order Foundation's
    /// (and so Xcode's) plist writer uses: sorted by their UTF-16 code units. Text goes
    /// through LabelCore's one XML escaper (``XMLEscaping``).
    static func value(_ value: PropertyListValue, depth: Int) -> String {
        let indent = String(repeating: "\t", count: depth)
        switch value {
        case .string(let text):
            return "\(indent)<string>\(XMLEscaping.escaped(text, .propertyListText))</string>\n"
        case .dictionary(let entries):
            guard !entries.isEmpty else { return "\(indent)<dict/>\n" }
            var text = "\(indent)<dict>\n"
            for key in entries.keys.sorted(by: { $0.utf16.lexicographicallyPrecedes($1.utf16) }) {
                text += "\(indent)\t<key>\(XMLEscaping.escaped(key, .propertyListText))</key>\n" + self.value(entries[key]!, depth: depth + 1)
            }
            return text + "\(indent)</dict>\n"
        case .integer(let number):
            return "\(indent)<integer>\(number)</integer>\n"
        case .boolean(let flag):
            return "\(indent)<\(flag)/>\n"
        case .array(let elements):
            guard !elements.isEmpty else { return "\(indent)<array/>\n" }
            return "\(indent)<array>\n" + elements.map { self.value($0, depth: depth + 1) }.joined() + "\(indent)</array>\n"
        case .real, .date, .data:
            // Never in an entry this import builds; existing ones keep their own text.
            return "\(indent)<string></string>\n"
        }
    }
}
