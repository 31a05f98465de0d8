import HTTP1
import Testing
import TestSupport

/// `If-None-Match` (RFC 9110 §13.1.2): weak comparison over a list, `*` for any.
@Suite struct EntityTagTests {
    let current = ["\"abc\"", "\"abc-gz\""]

    /// Whether one `If-None-Match` field holding `field` matches the first or the last of `tags`.
    static func matches(_ field: String, _ tags: [String]) -> Bool {
        EntityTag.matches(["If-None-Match": field], Array(tags[0].utf8), Array(tags[tags.count - 1].utf8))
    }

    @Test(arguments: ["\"abc\"", "\"abc-gz\"", "W/\"abc\"", "*", "  *\t", "\"x\", \"abc\"", "\"x\",W/\"abc-gz\"", " \"abc\" "])
    func aListedTagOrTheWildcardMatches(field: String) {
        #expect(Self.matches(field, current))
    }

    @Test(arguments: ["\"x\"", "abc", "\"ABC\"", "W/\"x\", \"y\"", "", ",", "\"abc", "*, \"x\""])
    func otherTagsDoNot(field: String) {
        #expect(!Self.matches(field, current))
    }

    @Test func aWeakCurrentTagStillMatchesItsStrongForm() {
        #expect(Self.matches("\"abc\"", ["W/\"abc\""]))
    }

    /// Several `If-None-Match` lines are one list (RFC 9110 §5.3); no field matches nothing.
    @Test func theFieldsOfARequestAreOneList() {
        let current = Array("\"abc\"".utf8), gzip = Array("\"abc-gz\"".utf8)
        #expect(EntityTag.matches(["If-None-Match": "\"x\"", "if-none-match": "W/\"abc-gz\""], current, gzip))
        let twoLines = HTTPHeaders([HTTPField(name: .ifNoneMatch, value: "\"x\""), HTTPField(name: .ifNoneMatch, value: "*")])
        #expect(EntityTag.matches(twoLines, current, gzip))
        #expect(!EntityTag.matches(["If-None-Match": "\"x\"", "If-Match": "\"abc\""], current, gzip))
        #expect(!EntityTag.matches([:], current, gzip))
    }

    /// The in-place reading of the bytes, its one-comparison shortcut for a field that is
    /// exactly a tag included, agrees with the reading as text (``EntityTagReference``), also
    /// for tags it must not shortcut (a comma inside, whitespace, `W/`).
    /// 3,000 random fields from SplitMix64 with this seed: the same ones every run.
    static let seed: UInt64 = 0xE7A6

    @Test func theExactTagShortcutAgreesWithTheListReading() {
        let tags = ["\"abc\"", "\"a,b\"", "\"abc\" ", " \"abc\"", "W/\"abc\"", "*", "\"\"", "\"a b\"", "abc", ","]
        var generator = SeededGenerator(seed: Self.seed)
        let alphabet = Array("\"a,b W/*")
        var fields = tags
        for _ in 0..<3_000 {
            fields.append(String((0..<Int.random(in: 0...7, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        for current in tags {
            for alternative in tags {
                for field in fields {
                    let headers: HTTPHeaders = ["If-None-Match": field]
                    // Stored values lose surrounding whitespace, as the parser's do: compare on what is stored.
                    let stored = headers.first(.ifNoneMatch) ?? ""
                    #expect(EntityTag.matches(headers, Array(current.utf8), Array(alternative.utf8))
                        == EntityTagReference.matches(stored, any: [current, alternative]), "\(field) \(current) \(alternative) (seed \(Self.seed))")
                }
            }
        }
    }
}
