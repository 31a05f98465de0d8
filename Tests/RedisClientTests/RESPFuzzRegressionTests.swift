/// The resp fuzz target's kept inputs (`Fuzz/Regressions/resp/`, seeds and findings) are
/// replayed by `FuzzRegressionReplayTests` (`FuzzReplay.swift`, shared) through the target's
/// own code (`RESPFuzzCase.swift` is a symlink to the target's file).
let fuzzTarget = "resp"

/// The case type `FuzzRegressionReplayTests` runs in this test target.
typealias FuzzCase = RESPFuzzCase
