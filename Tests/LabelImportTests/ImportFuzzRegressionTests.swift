import Testing

/// Every input kept in `Fuzz/Regressions/import/` (the import fuzz target's seeds and
/// findings), replayed through the target's own code (`ImportFuzzCase.swift` is a symlink to
/// the target's file) by ``FuzzReplay``.
@Suite struct ImportFuzzRegressionTests {
    @Test("the import fuzz target has kept inputs")
    func inputsAreKept() {
        #expect(!FuzzInput.regressions("import").isEmpty)
    }

    @Test("an input the import fuzz target keeps runs without a trap or a finding", arguments: FuzzInput.regressions("import"))
    func replay(_ name: String) async {
        await FuzzReplay.replay("import", name)
    }
}

/// The case type ``FuzzReplay`` runs in this test target.
typealias FuzzCase = ImportFuzzCase
