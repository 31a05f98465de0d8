import Testing
@testable import HTTP1

@Suite struct PercentDecodingTests {
    @Test func escapesAndPlusesDecodeInQueries() throws {
        let items = try PercentDecoding.queryItems("lang=de-AT&arg=Anna+Lena&arg=%C3%A4%20x&&flag&count=3")
        #expect(items.map(\.name) == ["lang", "arg", "arg", "flag", "count"])
        #expect(items.map(\.value) == ["de-AT", "Anna Lena", "ä x", "", "3"])
    }

    @Test func aPlusStaysAPlusInPaths() throws {
        #expect(try PercentDecoding.decode("a+b%2Bc", plusAsSpace: false) == "a+b+c")
    }

    @Test func malformedEscapesAndInvalidUTF8AreErrors() {
        #expect(throws: PercentDecoding.Failure.malformedEscape(offset: 1)) { try PercentDecoding.decode("a%zz", plusAsSpace: false) }
        #expect(throws: PercentDecoding.Failure.malformedEscape(offset: 0)) { try PercentDecoding.decode("%4", plusAsSpace: false) }
        #expect(throws: PercentDecoding.Failure.invalidUTF8) { try PercentDecoding.decode("%FF%FE", plusAsSpace: false) }
        #expect(throws: PercentDecoding.Failure.self) { try PercentDecoding.queryItems("lang=%") }
    }

    @Test func anEmptyQueryHasNoItems() throws {
        #expect(try PercentDecoding.queryItems("").isEmpty)
        #expect(try PercentDecoding.queryItems("&&&").isEmpty)
    }
}
