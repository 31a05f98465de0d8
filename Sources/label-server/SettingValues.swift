import Foundation

/// Reads a setting from its flag, then its environment variable, then the configuration
/// file's `serve` section, then its default.
struct SettingValues {
    var scanner: ArgumentScanner
    var environment = ProcessInfo.processInfo.environment

    func raw(_ flag: String) -> String {
        let setting = ServeConfiguration.settings.first { $0.flag == flag }!
        return scanner.value(flag, variable: setting.environment, in: environment) ?? setting.defaultValue
    }

    func integer(_ flag: String, in range: ClosedRange<Int>) throws(ArgumentScanner.UsageError) -> Int {
        guard let value = Int(raw(flag)), range.contains(value) else {
            throw .init(description: "\(flag) must be a whole number in \(range.lowerBound)...\(range.upperBound), got \"\(raw(flag))\"")
        }
        return value
    }

    /// `on` or `off`, as true or false.
    func onOff(_ flag: String) throws(ArgumentScanner.UsageError) -> Bool {
        switch raw(flag) {
        case "on": return true
        case "off": return false
        default: throw .init(description: "\(flag) must be on or off")
        }
    }

    /// Seconds, decimals allowed (`0.5`), as nanoseconds.
    func duration(_ flag: String) throws(ArgumentScanner.UsageError) -> Duration {
        guard let seconds = Double(raw(flag)), seconds > 0, seconds <= 86_400 else {
            throw .init(description: "\(flag) must be seconds in (0, 86400], got \"\(raw(flag))\"")
        }
        return .nanoseconds(Int64(seconds * 1e9))
    }
}
