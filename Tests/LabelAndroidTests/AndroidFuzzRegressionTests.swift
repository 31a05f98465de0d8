import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Every input kept in `Fuzz/Regressions/android/` (the android fuzz target's seeds and
/// findings), replayed through the target's own code (`AndroidFuzzCase.swift` is a symlink to
/// the target's file) in a child process: a trap fails that one case, not the test run.
/// An input listed in `Fuzz/Regressions/known-issues.txt` is a known issue until its fix is merged.
@Suite struct AndroidFuzzRegressionTests {
    @Test("the android fuzz target has kept inputs")
    func inputsAreKept() {
        #expect(!FuzzInput.regressions("android").isEmpty)
    }

    @Test("an input the android fuzz target keeps runs without a trap or a finding", arguments: FuzzInput.regressions("android"))
    func replay(_ name: String) async {
        let known = FuzzInput.knownIssues.contains("android/\(name)")
        await withKnownIssue("Fuzz/Regressions/known-issues.txt lists android/\(name)", isIntermittent: true) {
            await #expect(processExitsWith: .success, "replaying Fuzz/Regressions/android/\(name)") { [name = name as String] in
                if let problem = AndroidFuzzCase.run(FuzzInput.regression("android", name)) {
                    FileHandle.standardError.write(Data("FUZZ REGRESSION: \(problem)\n".utf8))
                    exit(1)
                }
            }
        } when: {
            known
        }
    }
}
