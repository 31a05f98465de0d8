import Testing
@testable import LabelCore

private func rule(_ text: String) throws -> PluralRule {
    try PluralRule(parsing: text)
}

private func matches(_ text: String, _ written: String) throws -> Bool {
    try rule(text).matches(try #require(PluralOperands(written)))
}

@Test func andBindsTighterThanOr() throws {
    let parsed = try rule("n = 1 or n = 2 and v = 0")
    #expect(parsed.alternatives.count == 2)
    #expect(parsed.alternatives.map(\.count) == [1, 2])
    #expect(try matches("n = 1 or n = 2 and v = 0", "1.0"))
    #expect(try !matches("n = 1 or n = 2 and v = 0", "2.0"))
    #expect(try matches("n = 1 or n = 2 and v = 0", "2"))
}

@Test func rangeListsAndModulo() throws {
    #expect(try matches("n % 100 = 3..10, 15", "103"))
    #expect(try matches("n mod 100 = 3..10, 15", "215"))
    #expect(try !matches("n % 100 = 3..10, 15", "111"))
    #expect(try matches("i % 10 != 2..4", "11"))
    #expect(try !matches("i % 10 != 2..4", "13"))
}

@Test func nonIntegerNIsInNoRange() throws {
    #expect(try !matches("n = 0..2", "1.5"))
    #expect(try matches("n != 0..2", "1.5"))
    #expect(try !matches("n % 10 = 1", "1.5"))
    #expect(try matches("n = 1", "1.000"))
    #expect(try matches("i = 0..2", "1.5"))
}

@Test func allOperandsAreKnown() throws {
    #expect(try matches("v = 2 and w = 1 and f = 50 and t = 5 and i = 1", "1.50"))
    #expect(try matches("e = 3 and c = 3", "1c3"))
}

@Test(arguments: [
    ("", 0, PluralRuleSyntaxError.Reason.expectedOperand),
    ("x = 1", 0, .expectedOperand),
    ("n", 1, .expectedRelation),
    ("n is 1", 2, .expectedRelation),
    ("n in 1..2", 2, .expectedRelation),
    ("n =", 3, .expectedNumber),
    ("n = 1 and", 9, .expectedOperand),
    ("n = 1 or", 8, .expectedOperand),
    ("n = 1 xor n = 2", 6, .expectedConnective),
    ("n = 1 # 2", 6, .unexpectedCharacter),
    ("n = 1..", 7, .expectedNumber),
    ("n = 1,", 6, .expectedNumber),
    ("n = 5..3", 4, .emptyRange),
    ("n % 0 = 1", 4, .zeroModulus),
    ("n = 99999999999999999999", 4, .numberTooLarge),
    ("n = 1 @integer 1", 6, .unexpectedCharacter),
])
func malformedConditionsAreRejectedWithTheirOffset(text: String, offset: Int, reason: PluralRuleSyntaxError.Reason) {
    #expect(throws: PluralRuleSyntaxError(reason, at: offset)) { try PluralRule(parsing: text) }
}

@Test func everyConditionInTheGeneratedTableParses() {
    for line in PluralRuleTable.source.split(separator: "\n") {
        let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        #expect(fields.count == 3, "\(line)")
        guard fields.count == 3, fields[1] != "other" else { continue }
        #expect(throws: Never.self, "\(line)") { try PluralRule(parsing: String(fields[2])) }
    }
}
