import Foundation
import Testing

/// The replay of one fuzz target's kept inputs, shared by the import, scan and android test
/// targets through a symlink (as `FuzzInput.swift` is); each names its target's case type
/// `FuzzCase` (the fuzz target's own file, symlinked too).
enum FuzzReplay {
    /// Replays `Fuzz/Regressions/TARGET/NAME` through `FuzzCase.run` in a child process: a
    /// trap fails that one case, not the test run. An input listed in
    /// `Fuzz/Regressions/known-issues.txt` is a known issue until its fix is merged.
    static func replay(_ target: String, _ name: String) async {
        await withKnownIssue("Fuzz/Regressions/known-issues.txt lists \(target)/\(name)", isIntermittent: true) {
            await #expect(processExitsWith: .success, "replaying Fuzz/Regressions/\(target)/\(name)") {
                [target = target as String, name = name as String] in
                FuzzInput.exit(on: FuzzCase.run(FuzzInput.regression(target, name)))
            }
        } when: {
            FuzzInput.knownIssues.contains("\(target)/\(name)")
        }
    }
}
