import Testing
@testable import LabelServer

/// `If-None-Match` (RFC 9110 §13.1.2): weak comparison over a list, `*` for any.
@Suite struct EntityTagTests {
    let current = ["\"abc\"", "\"abc-gz\""]

    @Test(arguments: ["\"abc\"", "\"abc-gz\"", "W/\"abc\"", "*", "  *\t", "\"x\", \"abc\"", "\"x\",W/\"abc-gz\"", " \"abc\" "])
    func aListedTagOrTheWildcardMatches(field: String) {
        #expect(EntityTag.matches(field, any: current))
    }

    @Test(arguments: ["\"x\"", "abc", "\"ABC\"", "W/\"x\", \"y\"", "", ",", "\"abc", "*, \"x\""])
    func otherTagsDoNot(field: String) {
        #expect(!EntityTag.matches(field, any: current))
    }

    @Test func aWeakCurrentTagStillMatchesItsStrongForm() {
        #expect(EntityTag.matches("\"abc\"", any: ["W/\"abc\""]))
    }
}
