/// The markup fuzz target's kept inputs (`Fuzz/Regressions/markup/`, seeds and findings)
/// are replayed by `FuzzRegressionReplayTests` (`FuzzReplay.swift`, shared) through the
/// target's own code (`MarkupFuzzCase.swift` is a symlink to the target's file).
let fuzzTarget = "markup"

/// The case type `FuzzRegressionReplayTests` runs in this test target.
typealias FuzzCase = MarkupFuzzCase
