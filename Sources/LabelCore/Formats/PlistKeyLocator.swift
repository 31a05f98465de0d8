package import Foundation

/// Finds where each dictionary key of an XML property list is written.
///
/// `PropertyListSerialization` returns values without positions, so warnings
/// about a `.stringsdict` entry would otherwise all point at line 1. This scan
/// is best effort: binary and UTF-16 plists, or XML it does not follow, simply
/// yield no positions.
package enum PlistKeyLocator {
    /// Byte offset of each `<key>`, by key path from the root dictionary
    /// (`["tab.close", "tabs", "one"]`). Array levels add no path component.
    /// A key written twice keeps its last position, as the last value wins.
    package static func keyOffsets(in data: Data) -> [[String]: Int] {
        let bytes = [UInt8](data)
        var offsets: [[String]: Int] = [:]
        // One slot per open <dict> or <array>: the last key read in it.
        var openKeys: [String?] = []
        var index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            index = open
            if starts(bytes, at: index, with: "<!--") {
                index = find(bytes, "-->", from: index + 4).map { $0 + 3 } ?? bytes.count
            } else if starts(bytes, at: index, with: "<![CDATA[") {
                index = find(bytes, "]]>", from: index + 9).map { $0 + 3 } ?? bytes.count
            } else if starts(bytes, at: index, with: "<key>") {
                let textStart = index + 5
                guard let close = find(bytes, "</key>", from: textStart) else { break }
                if !openKeys.isEmpty {
                    let key = unescape(bytes[textStart..<close])
                    openKeys[openKeys.count - 1] = key
                    offsets[openKeys.compactMap { $0 }] = index
                }
                index = close + 6
            } else {
                guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { break }
                if starts(bytes, at: index, with: "<dict>") || starts(bytes, at: index, with: "<array>") {
                    openKeys.append(nil)
                } else if starts(bytes, at: index, with: "</dict>") || starts(bytes, at: index, with: "</array>") {
                    _ = openKeys.popLast()
                }
                index = end + 1
            }
        }
        return offsets
    }

    private static func starts(_ bytes: [UInt8], at index: Int, with prefix: String) -> Bool {
        let prefix = Array(prefix.utf8)
        return index + prefix.count <= bytes.count && bytes[index..<index + prefix.count].elementsEqual(prefix)
    }

    private static func find(_ bytes: [UInt8], _ needle: String, from start: Int) -> Int? {
        let needle = Array(needle.utf8)
        guard needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// Key text with XML entities and character references resolved as the plist reader resolves them.
    private static func unescape(_ raw: ArraySlice<UInt8>) -> String {
        let text = String(decoding: raw, as: UTF8.self)
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { break }
            if let scalar = XMLPropertyListScanner.entityScalar(rest[rest.index(after: amp)..<semicolon]) {
                result.unicodeScalars.append(scalar)
            } else {
                result += rest[amp...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
