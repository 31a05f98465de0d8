/// The import fuzz target's kept inputs (`Fuzz/Regressions/import/`, seeds and findings)
/// are replayed by `FuzzRegressionReplayTests` (`FuzzReplay.swift`, shared) through the
/// target's own code (`ImportFuzzCase.swift` is a symlink to the target's file).
let fuzzTarget = "import"

/// The case type `FuzzRegressionReplayTests` runs in this test target.
typealias FuzzCase = ImportFuzzCase
