import Glibc  // the server runs on Linux (epoll)

/// The environment variables the server reads: `LABEL_SERVER_*` and `MALLOC_ARENA_MAX`.
///
/// `ProcessInfo.environment` makes a `String` pair and a dictionary entry of every
/// variable (cold start, `Benchmarks/cold-start-instructions.sh`, grows with a
/// container's variables); this looks at each variable's bytes first and keeps only ours.
enum ServeEnvironment {
    static let prefixes = ["LABEL_SERVER_", "MALLOC_ARENA_MAX="]

    static func variables() -> [String: String] {
        variables(in: environ)
    }

    /// Ours among `NAME=value` entries up to a null pointer (`environ`'s layout).
    static func variables(in entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
        var result: [String: String] = [:]
        var cursor = entries
        while let entry = cursor.pointee {
            cursor += 1
            guard prefixes.contains(where: { strncmp(entry, $0, strlen($0)) == 0 }) else { continue }
            let text = String(cString: entry)
            guard let equals = text.firstIndex(of: "=") else { continue }
            let name = String(text[..<equals])
            // The first definition wins, as getenv(3) finds it.
            if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
        }
        return result
    }
}
