/// The android fuzz target's kept inputs (`Fuzz/Regressions/android/`, seeds and findings)
/// are replayed by `FuzzRegressionReplayTests` (`FuzzReplay.swift`, shared) through the
/// target's own code (`AndroidFuzzCase.swift` is a symlink to the target's file).
let fuzzTarget = "android"

/// The case type `FuzzRegressionReplayTests` runs in this test target.
typealias FuzzCase = AndroidFuzzCase
