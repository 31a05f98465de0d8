package import Foundation
import LabelCore

/// Reads XLIFF 1.2 (as Xcode exports it and CAT tools return it) into values.
///
/// A pure function from bytes to an ``XLIFFDocument`` or an ``XLIFFReadError`` with
/// the file, line and column of the fault. Refused: input over ``maximumBytes``,
/// anything but UTF-8, a DOCTYPE or entity declaration, malformed XML, a root that
/// is not `<xliff>` version 1.2, a `<file>` without `original` or with a
/// `target-language` that is no BCP 47 tag, a path-like `original`, a unit without
/// `id` or `<source>`, markup inside `<source>`/`<target>` (Xcode writes none), and
/// an id that is no known form for its file's kind (``UnitAddress``).
package enum XLIFFReader {
    /// 64 MiB: 100 languages of 800 units each are about 25 MiB.
    package static let maximumBytes = 64 << 20

    package static func read(_ data: Data, file name: String) throws(XLIFFReadError) -> XLIFFDocument {
        guard data.count <= maximumBytes else {
            throw XLIFFReadError(location: SourceLocation(file: name, line: 1, column: 1), reason: .tooLarge(bytes: data.count, limit: maximumBytes))
        }
        return try read(bytes: [UInt8](data), file: name)
    }

    /// As ``read(_:file:)``, taking the bytes over (the command reads a file into bytes,
    /// not into a `Data` held beside them): they are let go once the element tree is
    /// built, which knows each element's line and column.
    package static func read(bytes: consuming [UInt8], file name: String) throws(XLIFFReadError) -> XLIFFDocument {
        guard bytes.count <= maximumBytes else {
            throw XLIFFReadError(location: SourceLocation(file: name, line: 1, column: 1), reason: .tooLarge(bytes: bytes.count, limit: maximumBytes))
        }
        let root = try tree(bytes, file: name)
        _ = consume bytes
        return XLIFFDocument(name: name, files: try DocumentReader(name: name).files(root))
    }

    /// The element tree of UTF-8 bytes; the line and column of an error are counted once,
    /// for that error only.
    private static func tree(_ bytes: [UInt8], file name: String) throws(XLIFFReadError) -> XMLElement {
        func located(_ offset: Int, _ reason: XLIFFReadError.Reason) -> XLIFFReadError {
            XLIFFReadError(location: UTF8LineIndex.location(ofByte: offset, in: bytes, file: name), reason: reason)
        }
        if bytes.count >= 2, bytes[0] == 0 || bytes[1] == 0 || bytes[0] == 0xFE || bytes[0] == 0xFF { throw located(0, .notUTF8) }
        if case .invalidUTF8(let invalid)? = XMLTreeReader.textProblem(bytes) { throw located(invalid, .notUTF8) }
        do throws(XMLTreeReader.Failure) {
            return try XMLTreeReader.readDocument(bytes)
        } catch {
            throw located(error.offset, error.reason)
        }
    }

    /// The table and kind an `original` names, or `nil` when it is path-like.
    static func table(of original: String) -> (table: String, kind: String)? {
        guard !original.hasPrefix("/"), !original.contains("\\"),
            !original.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        let components = original.split(separator: "/", omittingEmptySubsequences: false)
        guard !components.contains(".."), let last = components.last, let dot = last.lastIndex(of: ".") else { return nil }
        let table = String(last[..<dot]), kind = String(last[last.index(after: dot)...])
        guard TableName.isValid(table), !kind.isEmpty else { return nil }
        return (table, kind)
    }

    private struct DocumentReader {
        let name: String

        func line(_ element: XMLElement) -> Int { element.line }

        /// An error at an element's start tag.
        func failure(_ element: XMLElement, _ reason: XLIFFReadError.Reason) -> XLIFFReadError {
            XLIFFReadError(location: SourceLocation(file: name, line: element.line, column: element.column), reason: reason)
        }

        func files(_ root: XMLElement) throws(XLIFFReadError) -> [XLIFFDocument.File] {
            guard root.name == "xliff" else { throw failure(root, .notXLIFF("the root element is <\(root.name)>")) }
            if let version = root.attribute("version"), version != "1.2" {
                throw failure(root, .notXLIFF("version \(version) (1.2 is read)"))
            }
            var files: [XLIFFDocument.File] = []
            for element in root.elements {
                guard element.name == "file" else {
                    throw failure(element, .notXLIFF("<\(element.name)> in <xliff>"))
                }
                files.append(try file(element))
            }
            return files
        }

        func file(_ element: XMLElement) throws(XLIFFReadError) -> XLIFFDocument.File {
            func fail(_ reason: XLIFFReadError.Reason) -> XLIFFReadError { failure(element, reason) }
            guard let original = element.attribute("original") else { throw fail(.notXLIFF("<file> without original")) }
            guard let (table, kind) = XLIFFReader.table(of: original) else { throw fail(.pathLikeOriginal(original)) }
            guard let target = element.attribute("target-language") else { throw fail(.notXLIFF("<file> without target-language")) }
            guard let tag = LanguageTag(target) else { throw fail(.invalidLanguage(target)) }
            let source = element.attribute("source-language")
            if let source, LanguageTag(source) == nil { throw fail(.invalidLanguage(source)) }
            var units: [XLIFFDocument.Unit] = []
            var ids: Set<String> = []
            for child in element.elements where child.name == "body" {
                try collect(child, kind: kind, into: &units, ids: &ids)
            }
            return XLIFFDocument.File(original: original, table: table, kind: kind, sourceLanguage: source, targetLanguage: target,
                                      targetTag: tag, line: line(element), units: units)
        }

        /// Units of a `<body>` or `<group>`, groups flattened.
        func collect(_ container: XMLElement, kind: String, into units: inout [XLIFFDocument.Unit],
                     ids: inout Set<String>) throws(XLIFFReadError) {
            for element in container.elements {
                switch element.name {
                case "group": try collect(element, kind: kind, into: &units, ids: &ids)
                case "trans-unit":
                    let unit = try unit(element, kind: kind)
                    guard ids.insert(unit.id).inserted else {
                        throw failure(element, .notXLIFF("trans-unit id \"\(unit.id)\" repeated in its <file>"))
                    }
                    units.append(unit)
                case "bin-unit": continue
                default:
                    throw failure(element, .notXLIFF("<\(element.name)> in <\(container.name)>"))
                }
            }
        }

        func unit(_ element: XMLElement, kind: String) throws(XLIFFReadError) -> XLIFFDocument.Unit {
            func fail(_ at: XMLElement, _ reason: XLIFFReadError.Reason) -> XLIFFReadError { failure(at, reason) }
            guard let id = element.attribute("id") else { throw fail(element, .notXLIFF("<trans-unit> without id")) }
            guard let address = UnitAddress.parse(id, kind: kind) else { throw fail(element, .unknownID(id)) }
            let sources = element.elements(named: "source"), targets = element.elements(named: "target")
            guard sources.count == 1 else { throw fail(element, .notXLIFF("trans-unit \"\(id)\" has \(sources.count) <source> elements")) }
            guard targets.count <= 1 else { throw fail(element, .notXLIFF("trans-unit \"\(id)\" has \(targets.count) <target> elements")) }
            for text in sources + targets {
                if let inline = text.elements.first {
                    throw fail(inline, .notXLIFF("markup <\(inline.name)> inside <\(text.name)> of \"\(id)\" (Xcode writes plain text)"))
                }
            }
            let notes = element.elements(named: "note")
            return XLIFFDocument.Unit(id: id, source: sources[0].text, target: targets.first?.text,
                                      state: targets.first?.attribute("state"),
                                      notes: notes.map(\.text), line: line(element), address: address,
                                      developerNote: XLIFFReader.developerNote(notes))
        }
    }
}
