import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Every input kept in `Fuzz/Regressions/scan/` (the scan fuzz target's seeds and
/// findings), replayed through the target's own code (`ScanFuzzCase.swift` is a symlink to
/// the target's file) in a child process: a trap fails that one case, not the test run.
/// An input listed in `Fuzz/Regressions/known-issues.txt` is a known issue until its fix is merged.
@Suite struct ScanFuzzRegressionTests {
    @Test("the scan fuzz target has kept inputs")
    func inputsAreKept() {
        #expect(!FuzzInput.regressions("scan").isEmpty)
    }

    @Test("an input the scan fuzz target keeps runs without a trap or a finding", arguments: FuzzInput.regressions("scan"))
    func replay(_ name: String) async {
        let known = FuzzInput.knownIssues.contains("scan/\(name)")
        await withKnownIssue("Fuzz/Regressions/known-issues.txt lists scan/\(name)", isIntermittent: true) {
            await #expect(processExitsWith: .success, "replaying Fuzz/Regressions/scan/\(name)") { [name = name as String] in
                if let problem = ScanFuzzCase.run(FuzzInput.regression("scan", name)) {
                    FileHandle.standardError.write(Data("FUZZ REGRESSION: \(problem)\n".utf8))
                    exit(1)
                }
            }
        } when: {
            known
        }
    }
}
