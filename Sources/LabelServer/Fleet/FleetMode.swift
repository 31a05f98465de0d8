/// How this replica answers: alone, or as one of a fleet (`--peers`).
///
/// Asked on every request (by the dispatcher and by `recorded`): they test ``hasPeers``
/// before they bind the fleet, so a replica alone pays for a test of the case and nothing more.
package enum FleetMode: Sendable {
    /// No peers: every answer is this replica's own.
    case single
    /// Peers: reads merged and writes applied across the fleet, answers naming this replica.
    case fleet(Fleet)

    /// Whether this replica has peers, from the case alone. Test this before binding the
    /// fleet (`case .fleet(let fleet)`): binding alone copies the mode on every answer, a
    /// replica alone included.
    @inline(__always)
    var hasPeers: Bool {
        if case .single = self { return false }
        return true
    }
}
