import MissingKeys

/// One state fuzz body, read as the server reads it back: as the missing-report state file
/// (decoded and restored as `load` does, into a recorder holding at most 10 entries with
/// 8-byte keys, duplicates summed, then rendered in every format and a page of it), as the
/// usage file, and as a `POST /missing` body. Shared by Fuzz/StateFuzzer and the replay in
/// LabelServerTests (a symlink). A trap is the finding.
enum StateFuzzCase {
    static func run(_ body: [UInt8]) {
        if let decoded = try? MissingReportStore.decode(body) {
            let recorder = MissingKeyRecorder(maxEntries: 10, maxKeyBytes: 8)
            _ = recorder.restore(decoded.report)
            let snapshot = recorder.snapshot()
            _ = snapshot.jsonBytes()
            _ = snapshot.csvBytes()
            _ = snapshot.stringsStub()
            _ = snapshot.page(MissingReportQuery(limit: 5, offset: 1)).report.jsonBytes()
        }
        _ = UsageStore.decode(body)
        _ = try? MissingKeyRecorder.parseReported(body, defaultTable: "Localizable")
    }
}
