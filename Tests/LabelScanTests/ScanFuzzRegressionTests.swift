/// The scan fuzz target's kept inputs (`Fuzz/Regressions/scan/`, seeds and findings)
/// are replayed by `FuzzRegressionReplayTests` (`FuzzReplay.swift`, shared) through the
/// target's own code (`ScanFuzzCase.swift` is a symlink to the target's file).
let fuzzTarget = "scan"

/// The case type `FuzzRegressionReplayTests` runs in this test target.
typealias FuzzCase = ScanFuzzCase
