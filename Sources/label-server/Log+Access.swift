import Foundation
import LabelCore

extension Log {
    /// The access log's sink under `--log-format json`: each buffered line
    /// (`access METHOD TARGET HTTP/x.y STATUS BYTES Nus`, or `access-log-dropped N`)
    /// becomes one object, its words as fields; a line of another shape is the message.
    @Sendable static func accessJSON(_ bytes: [UInt8]) {
        let now = timestamp()
        var out = ""
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let words = line.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
            out += render(level: "info", message: words.first ?? "", fields: accessFields(words), json: true, now: now)
        }
        FileHandle.standardError.write(text: out)
    }

    static func accessFields(_ words: [String]) -> [JSONDocument.Member] {
        func digits(_ word: Substring) -> Bool { !word.isEmpty && word.allSatisfy { $0 >= "0" && $0 <= "9" } }
        if words.count == 7, words[0] == "access", words[6].hasSuffix("us"), digits(words[4][...]), digits(words[5][...]),
           digits(words[6].dropLast(2)) {
            return [.init(key: "method", value: .string(words[1])), .init(key: "target", value: .string(words[2])),
                    .init(key: "version", value: .string(words[3])), .init(key: "status", value: .number(words[4])),
                    .init(key: "bytes", value: .number(words[5])),
                    .init(key: "microseconds", value: .number(String(words[6].dropLast(2))))]
        }
        if words.count == 2, words[0] == "access-log-dropped", digits(words[1][...]) {
            return [.init(key: "dropped", value: .number(words[1]))]
        }
        return words.count > 1 ? [.init(key: "text", value: .string(words.dropFirst().joined(separator: " ")))] : []
    }
}
