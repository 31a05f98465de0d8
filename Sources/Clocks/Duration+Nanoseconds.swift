extension Duration {
    /// Whole nanoseconds, for monotonic clocks counted in `UInt64` nanoseconds: a negative
    /// duration is 0, one longer than `UInt64.max` nanoseconds (585 years) is `UInt64.max`.
    package var saturatingNanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        guard seconds < Int64(UInt64.max / 1_000_000_000) else { return .max }
        let whole = UInt64(seconds) * 1_000_000_000
        let (sum, overflow) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
        return overflow ? .max : sum
    }

    /// The duration in seconds, as `TimeInterval`-taking APIs want it.
    package var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
