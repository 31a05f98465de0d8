import Testing

/// Every input kept in `Fuzz/Regressions/android/` (the android fuzz target's seeds and
/// findings), replayed through the target's own code (`AndroidFuzzCase.swift` is a symlink to
/// the target's file) by ``FuzzReplay``.
@Suite struct AndroidFuzzRegressionTests {
    @Test("the android fuzz target has kept inputs")
    func inputsAreKept() {
        #expect(!FuzzInput.regressions("android").isEmpty)
    }

    @Test("an input the android fuzz target keeps runs without a trap or a finding", arguments: FuzzInput.regressions("android"))
    func replay(_ name: String) async {
        await FuzzReplay.replay("android", name)
    }
}

/// The case type ``FuzzReplay`` runs in this test target.
typealias FuzzCase = AndroidFuzzCase
