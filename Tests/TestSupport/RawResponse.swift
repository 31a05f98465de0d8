import Foundation

/// One HTTP response as read off the wire by ``RawClient``.
package struct RawResponse: Sendable, CustomStringConvertible {
    /// `HTTP/1.1` or `HTTP/1.0`.
    package var version: String
    package var status: Int
    package var reason: String
    /// Header fields in order, as sent.
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]

    /// The first value of `name`, compared case-insensitively.
    package func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value of `name`, in order.
    package func headerValues(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// Whether the server announced it closes the connection after this response.
    package var closes: Bool {
        headerValues("Connection").contains { $0.lowercased().split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "close" } }
    }

    package var text: String { String(decoding: body, as: UTF8.self) }

    package var description: String { "\(version) \(status) \(reason) \(headers.map { "\($0.name): \($0.value)" }) \(text.prefix(200))" }
}

extension RawResponse {
    /// A whole encoded response (head, then a `Content-Length` body unless it answers HEAD).
    package static func decode(_ bytes: [UInt8], head: Bool) throws(RawClient.Failure) -> RawResponse {
        guard let end = (0..<max(bytes.count - 3, 0)).first(where: {
            bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10
        }) else { throw RawClient.Failure("no end of head") }
        var response = try RawClient.parseHead(Array(bytes[..<end]))
        if !head { response.body = Array(bytes[(end + 4)...]) }
        return response
    }
}
