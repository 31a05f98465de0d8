import HTTP1
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

    /// Several `If-None-Match` lines are one list (RFC 9110 §5.3); no field matches nothing.
    @Test func theFieldsOfARequestAreOneList() {
        let current = Array("\"abc\"".utf8), gzip = Array("\"abc-gz\"".utf8)
        #expect(EntityTag.matches(["If-None-Match": "\"x\"", "if-none-match": "W/\"abc-gz\""], current, gzip))
        let twoLines = HTTPHeaders([.init(name: "If-None-Match", value: "\"x\""), .init(name: "If-None-Match", value: "*")])
        #expect(EntityTag.matches(twoLines, current, gzip))
        #expect(!EntityTag.matches(["If-None-Match": "\"x\"", "If-Match": "\"abc\""], current, gzip))
        #expect(!EntityTag.matches([:], current, gzip))
    }
}
