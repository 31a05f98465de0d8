import Foundation

/// One HTTP response as read off the wire by ``RawClient``.
struct RawResponse: Sendable, CustomStringConvertible {
    /// `HTTP/1.1` or `HTTP/1.0`.
    var version: String
    var status: Int
    var reason: String
    /// Header fields in order, as sent.
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    /// The first value of `name`, compared case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value of `name`, in order.
    func headerValues(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// Whether the server announced it closes the connection after this response.
    var closes: Bool {
        headerValues("Connection").contains { $0.lowercased().split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "close" } }
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    var description: String { "\(version) \(status) \(reason) \(headers.map { "\($0.name): \($0.value)" }) \(text.prefix(200))" }
}
