/// One command: its name and arguments, each a binary-safe bulk string (bytes, so a value may
/// hold NUL or bytes that are not UTF-8, and lengths are byte counts: `Mürren` is 7).
package struct RedisCommand: Sendable, Hashable {
    package var arguments: [[UInt8]]

    /// The command from text, each argument as its UTF-8 bytes.
    package init(_ arguments: [String]) {
        self.arguments = arguments.map { Array($0.utf8) }
    }

    package init(bytes: [[UInt8]]) {
        self.arguments = bytes
    }

    /// The command as RESP sends it: an array of bulk strings.
    package var encoded: [UInt8] {
        var bytes: [UInt8] = []
        encode(into: &bytes)
        return bytes
    }

    /// Appends `*N\r\n` and each argument as `$LENGTH\r\nBYTES\r\n`. A command without
    /// arguments is sent as one empty argument, which the server answers with an error (an
    /// empty array would get no reply at all, and the replies after it would be out of step).
    package func encode(into bytes: inout [UInt8]) {
        let arguments = self.arguments.isEmpty ? [[]] : self.arguments
        bytes.reserveCapacity(bytes.count + 16 + arguments.reduce(0) { $0 + $1.count + 16 })
        bytes.append(UInt8(ascii: "*"))
        bytes.append(contentsOf: String(arguments.count).utf8)
        bytes.append(contentsOf: [13, 10])
        for argument in arguments {
            bytes.append(UInt8(ascii: "$"))
            bytes.append(contentsOf: String(argument.count).utf8)
            bytes.append(contentsOf: [13, 10])
            bytes.append(contentsOf: argument)
            bytes.append(contentsOf: [13, 10])
        }
    }

    /// The command's name, upper-cased (for logs: never its arguments, which may be secrets).
    package var name: String { String(decoding: arguments.first ?? [], as: UTF8.self).uppercased() }
}
