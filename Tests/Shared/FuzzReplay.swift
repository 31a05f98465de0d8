import Foundation
import Testing

/// The replay of one fuzz target's kept inputs, shared by the import, scan and android test
/// targets through a symlink (as `FuzzInput.swift` is). Each names its target (`fuzzTarget`:
/// `import`, `scan`, `android`) and the target's case type `FuzzCase` (the fuzz target's
/// own file, symlinked too).
@Suite struct FuzzRegressionReplayTests {
    @Test("the fuzz target has kept inputs")
    func inputsAreKept() {
        #expect(!FuzzInput.regressions(fuzzTarget).isEmpty)
    }

    /// Replays `Fuzz/Regressions/TARGET/NAME` through `FuzzCase.run` in a child process: a
    /// trap fails that one case, not the test run. An input listed in
    /// `Fuzz/Regressions/known-issues.txt` is a known issue until its fix is merged.
    @Test("an input the fuzz target keeps runs without a trap or a finding", arguments: FuzzInput.regressions(fuzzTarget))
    func replay(_ name: String) async {
        await withKnownIssue("Fuzz/Regressions/known-issues.txt lists \(fuzzTarget)/\(name)", isIntermittent: true) {
            await #expect(processExitsWith: .success, "replaying Fuzz/Regressions/\(fuzzTarget)/\(name)") {
                [name = name as String] in
                FuzzInput.exit(on: FuzzCase.run(FuzzInput.regression(fuzzTarget, name)))
            }
        } when: {
            FuzzInput.knownIssues.contains("\(fuzzTarget)/\(name)")
        }
    }
}
