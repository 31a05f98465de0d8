import Foundation
import RedisClient

/// One Redis-client fuzz input. Shared by Fuzz/RESPFuzzer and the replay in
/// RedisClientTests (a symlink).
///
/// Input: a control byte, then the rest. Control bit 2 clear: the rest is what a server sends,
/// parsed with the default limits (bit 0 clear) or small ones (bit 0 set: 64-byte bulks and
/// lines, 8 elements, depth 3, 2 KiB per reply), once whole and once split in two (bit 1
/// set: at the offset the first byte of the rest picks, which is then part of the stream
/// too); the two must give the same values and the same error at the same offset, and an
/// error's offset must lie inside the input. Bit 2 set: the rest is a `redis://` URL, parsed
/// with a password; its description must not hold the password, and must parse back to the
/// same endpoint.
enum RESPFuzzCase {
    static let small = RESPParser.Limits(maxBulkLength: 64, maxArrayCount: 8, maxDepth: 3, maxLineLength: 64, maxReplyBytes: 2048)

    /// What went wrong, or nil. A trap or a hang is the caller's finding by itself.
    static func run(_ bytes: [UInt8], echo: Bool = false) -> String? {
        guard let control = bytes.first else { return nil }
        let rest = Array(bytes.dropFirst())
        if echo { FileHandle.standardError.write(Data("input \(String(decoding: rest, as: UTF8.self).debugDescription)\n".utf8)) }
        if control & 4 != 0 { return url(rest) }
        let limits = control & 1 == 0 ? RESPParser.Limits() : small
        let whole = parse([rest], limits: limits)
        if case .failure(let error) = whole.end, !(0...rest.count).contains(error.offset) {
            return "error offset \(error.offset) outside \(rest.count) bytes: \(error)"
        }
        guard control & 2 != 0 else { return nil }
        let split = rest.isEmpty ? 0 : Int(rest[0]) * rest.count / 256
        let parts = parse([Array(rest[..<split]), Array(rest[split...])], limits: limits)
        guard parts.values == whole.values, parts.end == whole.end else {
            return "split at \(split): \(parts.values.count) values, \(parts.end) vs whole: \(whole.values.count) values, \(whole.end)"
        }
        return nil
    }

    struct Parsed {
        var values: [RESPValue] = []
        var end: Result<Bool, RESPParseError> = .success(true)
    }

    /// Every value from `feeds`, fed one after another, and how parsing ended (an error, or
    /// success with whether a reply was left incomplete).
    static func parse(_ feeds: [[UInt8]], limits: RESPParser.Limits) -> Parsed {
        var parser = RESPParser(limits: limits)
        var parsed = Parsed()
        for feed in feeds {
            parser.append(feed)
            do {
                while let value = try parser.next() { parsed.values.append(value) }
            } catch {
                parsed.end = .failure(error)
                return parsed
            }
        }
        parsed.end = .success(parser.isMidReply)
        return parsed
    }

    static func url(_ bytes: [UInt8]) -> String? {
        let secret = "fuzz-secret-Zq9"
        let text = String(decoding: bytes, as: UTF8.self)
        let endpoint: RedisEndpoint
        do {
            endpoint = try RedisEndpoint(url: text, password: secret)
        } catch {
            return "\(error)".contains(secret) ? "the password in the error for \(text)" : nil
        }
        guard !"\(endpoint)".contains(secret), !String(reflecting: endpoint).contains(secret) else { return "the password in \(endpoint)" }
        do {
            let again = try RedisEndpoint(url: endpoint.description, password: secret)
            return again == endpoint ? nil : "\(text) → \(endpoint) → \(again)"
        } catch {
            return "\(text) → \(endpoint), which does not parse: \(error)"
        }
    }
}
