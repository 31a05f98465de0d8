import Testing
import HTTP1

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

extension PercentDecodingTests {
    @Test func pairsHandedOutOneAtATimeAreTheQueryItems() throws {
        for query in ["lang=de-AT&arg=Anna+Lena&arg=%C3%A4%20x&&flag&count=3", "", "&&&", "a=&=b&c", "%61=%62"] {
            var pairs: [(String, String)] = []
            try PercentDecoding.forEachQueryItem(query) { pairs.append(($0, $1)) }
            let items = try PercentDecoding.queryItems(query)
            #expect(pairs.map(\.0) == items.map(\.name), "\(query)")
            #expect(pairs.map(\.1) == items.map(\.value), "\(query)")
        }
        #expect(throws: PercentDecoding.Failure.self) { try PercentDecoding.forEachQueryItem("a=1&lang=%") { _, _ in } }
    }
}

extension PercentDecodingTests {
    @Test func namesHandedOutAsBytesAreTheQueryItemsNames() throws {
        for query in ["l%61ng=de&arg=Anna+Lena&a+b=1&%C3%A4=x&&flag&count=3", "", "=v", "%61"] {
            var names: [String] = []
            var values: [String] = []
            try PercentDecoding.forEachQueryItemName(query) { name, value in
                names.append(String(decoding: name, as: UTF8.self))
                values.append(value)
            }
            let items = try PercentDecoding.queryItems(query)
            #expect(names == items.map(\.name), "\(query)")
            #expect(values == items.map(\.value), "\(query)")
        }
        #expect(throws: PercentDecoding.Failure.self) { try PercentDecoding.forEachQueryItemName("%zz=1") { _, _ in } }
        #expect(throws: PercentDecoding.Failure.self) { try PercentDecoding.forEachQueryItemName("a=%C3") { _, _ in } }
    }
}
