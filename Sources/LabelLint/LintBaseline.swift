import LabelCore

/// Findings accepted as they are (`lint --write-baseline FILE`), so that `lint
/// --baseline FILE` reports only new ones, as SwiftLint's baseline does.
///
/// A finding is identified by its rule, bundle, table, language and key and a
/// fingerprint of the value it is about plus its message with every run of digits read
/// as one (so line numbers and counts in messages do not matter): it survives edits to
/// other keys, lines moving and the key moving between files of its table, and an
/// edited value, or a new problem with the same value, is a new finding. No file path or
/// line is recorded.
package struct LintBaseline: Sendable, Hashable {
    /// One accepted finding.
    package struct Entry: Sendable, Hashable, Comparable {
        package var rule: String
        package var bundle: String?
        package var table: String?
        package var language: String?
        package var key: String?
        /// 16 hex digits: FNV-1a (64 bits) of the value and the message, digits folded.
        package var fingerprint: String

        package init(rule: String, bundle: String?, table: String?, language: String?, key: String?, fingerprint: String) {
            self.rule = rule
            self.bundle = bundle
            self.table = table
            self.language = language
            self.key = key
            self.fingerprint = fingerprint
        }

        package init(_ finding: LintFinding) {
            self.init(rule: finding.rule.rawValue, bundle: finding.bundle, table: finding.table,
                      language: finding.language?.rawValue, key: finding.key,
                      fingerprint: LintBaseline.fingerprint(value: finding.value, message: finding.message))
        }

        package static func < (a: Entry, b: Entry) -> Bool {
            (a.bundle ?? "", a.table ?? "", a.key ?? "", a.language ?? "", a.rule, a.fingerprint)
                < (b.bundle ?? "", b.table ?? "", b.key ?? "", b.language ?? "", b.rule, b.fingerprint)
        }
    }

    /// The format of the file; another version is refused.
    package static let version = 1

    /// Sorted by bundle, table, key, language, rule and fingerprint.
    package private(set) var entries: [Entry]

    package init(entries: [Entry]) {
        self.entries = entries.sorted()
    }

    /// Today's findings, as `--write-baseline` records them.
    package init(findings: [LintFinding]) {
        self.init(entries: findings.map(Entry.init))
    }

    /// The findings not in the baseline, and how many were. An entry covers one finding
    /// (a baseline of one duplicate does not hide a second).
    package func filter(_ findings: [LintFinding]) -> (new: [LintFinding], baselined: Int) {
        var remaining: [Entry: Int] = [:]
        for entry in entries { remaining[entry, default: 0] += 1 }
        var new: [LintFinding] = []
        var baselined = 0
        for finding in findings {
            let entry = Entry(finding)
            if let count = remaining[entry], count > 0 {
                remaining[entry] = count - 1
                baselined += 1
            } else {
                new.append(finding)
            }
        }
        return (new, baselined)
    }

    /// FNV-1a (64 bits) of the value, a NUL and the message with each run of ASCII digits
    /// replaced by `#`; 16 lowercase hex digits. Stable across runs and platforms.
    package static func fingerprint(value: String?, message: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        for byte in (value ?? "").utf8 { add(byte) }
        add(0)
        var inDigits = false
        for byte in message.utf8 {
            let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            if digit {
                if !inDigits { add(UInt8(ascii: "#")) }
            } else {
                add(byte)
            }
            inDigits = digit
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
