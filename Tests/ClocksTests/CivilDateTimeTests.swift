import Foundation
import Testing
@testable import Clocks

@Suite struct CivilDateTimeTests {
    @Test func iso8601IsFoundationsForInstantsAcrossCenturies() {
        // Foundation's formatter is the oracle; every 97,003 seconds from 1900 to 2100.
        for seconds in stride(from: Int64(-2_208_988_800), through: 4_102_444_800, by: 97_003) {
            let expected = Date(timeIntervalSince1970: Double(seconds)).ISO8601Format()
            #expect(CivilDateTime(unixSeconds: seconds).iso8601() == expected)
        }
    }

    @Test func iso8601WritesMillisecondsWhenGiven() {
        #expect(CivilDateTime(unixSeconds: 784_111_777).iso8601(milliseconds: 5) == "1994-11-06T08:49:37.005Z")
        #expect(CivilDateTime(unixSeconds: -1).iso8601() == "1969-12-31T23:59:59Z")
    }

    @Test func everyDayOfFourHundredYearsIsConsistent() {
        // Walk day by day: the calendar advances by exactly one day, and back again.
        var previous = CivilDateTime.date(daysSinceEpoch: -1)
        for day in Int64(0)..<146_097 {
            let current = CivilDateTime.date(daysSinceEpoch: day)
            #expect(CivilDateTime.daysSinceEpoch(year: current.year, month: current.month, day: current.day) == day)
            if current.day == 1 {
                #expect(current.month == previous.month % 12 + 1)
                #expect([28, 29, 30, 31].contains(previous.day))
            } else {
                #expect(current.day == previous.day + 1 && current.month == previous.month)
            }
            previous = current
        }
    }
}
