import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Every input kept in `Fuzz/Regressions/import/` (the import fuzz target's seeds and
/// findings), replayed through the target's own code (`ImportFuzzCase.swift` is a symlink to
/// the target's file) in a child process: a trap fails that one case, not the test run.
/// An input listed in `Fuzz/Regressions/known-issues.txt` is a known issue until its fix is merged.
@Suite struct ImportFuzzRegressionTests {
    @Test("the import fuzz target has kept inputs")
    func inputsAreKept() {
        #expect(!FuzzInput.regressions("import").isEmpty)
    }

    @Test("an input the import fuzz target keeps runs without a trap or a finding", arguments: FuzzInput.regressions("import"))
    func replay(_ name: String) async {
        let known = FuzzInput.knownIssues.contains("import/\(name)")
        await withKnownIssue("Fuzz/Regressions/known-issues.txt lists import/\(name)", isIntermittent: true) {
            await #expect(processExitsWith: .success, "replaying Fuzz/Regressions/import/\(name)") { [name = name as String] in
                if let problem = ImportFuzzCase.run(FuzzInput.regression("import", name)) {
                    FileHandle.standardError.write(Data("FUZZ REGRESSION: \(problem)\n".utf8))
                    exit(1)
                }
            }
        } when: {
            known
        }
    }
}
