import HTTP1

/// One entry of `--peers`: `host:port`, `[v6]:port` or `name:port`, where a name may
/// resolve to several addresses (a Kubernetes headless Service).
package struct PeerEndpoint: Sendable, Hashable, CustomStringConvertible {
    package var host: String
    package var port: UInt16

    package init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    package var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// The most peers one list may name (and the most addresses a fleet call reaches).
    package static let maximumCount = 64

    /// Parses a comma-separated list; blanks around entries are ignored, duplicates dropped.
    /// Throws a message naming the bad entry.
    package static func parseList(_ text: String) throws(PeerListError) -> [PeerEndpoint] {
        var result: [PeerEndpoint] = []
        for raw in text.split(separator: ",", omittingEmptySubsequences: false) {
            let entry = raw.trimmingOWS()
            if entry.isEmpty { continue }
            guard let endpoint = PeerEndpoint(parsing: entry) else { throw PeerListError(entry: String(entry)) }
            if !result.contains(endpoint) { result.append(endpoint) }
        }
        guard result.count <= maximumCount else { throw PeerListError(entry: "more than \(maximumCount) peers") }
        return result
    }

    init?(parsing entry: Substring) {
        let host: Substring
        let portText: Substring
        if entry.hasPrefix("[") {
            guard let close = entry.firstIndex(of: "]"), entry[entry.index(after: close)...].hasPrefix(":") else { return nil }
            host = entry[entry.index(after: entry.startIndex)..<close]
            portText = entry[entry.index(close, offsetBy: 2)...]
        } else {
            guard let colon = entry.lastIndex(of: ":"), !entry[..<colon].contains(":") else { return nil }
            host = entry[..<colon]
            portText = entry[entry.index(after: colon)...]
        }
        // A DNS name or a numeric address: letters, digits, '-', '.', and ':' inside brackets.
        guard !host.isEmpty, host.utf8.count <= 253,
              host.utf8.allSatisfy({ $0 < 0x80 && (Character(UnicodeScalar($0)).isLetter || Character(UnicodeScalar($0)).isNumber
                                                    || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ":")) }),
              !portText.isEmpty, portText.utf8.allSatisfy({ (0x30...0x39).contains($0) }), portText.count <= 5,
              let port = Int(portText), (1...65535).contains(port) else { return nil }
        self.host = String(host)
        self.port = UInt16(port)
    }
}

/// A `--peers` entry that is not `host:port`.
package struct PeerListError: Error, Sendable, CustomStringConvertible {
    package var entry: String
    package var description: String { "--peers: \"\(entry.prefix(100))\" is not host:port (name:port, [v6]:port), comma-separated" }
}
