import Testing
@testable import HTTP1

@Suite struct IMFFixdateTests {
    @Test(arguments: [
        (Int64(784_111_777), "Sun, 06 Nov 1994 08:49:37 GMT"),
        (0, "Thu, 01 Jan 1970 00:00:00 GMT"),
        (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
        (1_709_251_199, "Thu, 29 Feb 2024 23:59:59 GMT"),
        (1_709_251_200, "Fri, 01 Mar 2024 00:00:00 GMT"),
        (4_102_444_800, "Fri, 01 Jan 2100 00:00:00 GMT"),
        (2_147_483_647, "Tue, 19 Jan 2038 03:14:07 GMT"),
        (1_735_689_599, "Tue, 31 Dec 2024 23:59:59 GMT"),
        (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
        (253_402_300_799, "Fri, 31 Dec 9999 23:59:59 GMT"),
    ])
    func formatsKnownInstants(seconds: Int64, expected: String) {
        #expect(IMFFixdate.string(unixSeconds: seconds) == expected)
        #expect(IMFFixdate.bytes(unixSeconds: seconds).count == 29)
    }
}
