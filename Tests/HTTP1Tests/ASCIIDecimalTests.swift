import Testing
import HTTP1

@Suite struct ASCIIDecimalTests {
    @Test(arguments: [0, 7, 10, 200, 1_048_576, -1, -42, Int.max, Int.min])
    func digitsMatchTheStandardLibrary(value: Int) {
        var out: [UInt8] = [0x41]
        ASCIIDecimal.append(value, to: &out)
        #expect(out == [0x41] + Array(String(value).utf8))
    }
}
