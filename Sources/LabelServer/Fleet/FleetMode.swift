/// How this replica answers: alone, or as one of a fleet (`--peers`).
///
/// Asked on every request (by the dispatcher and by `recorded`), so asking is a test of the
/// case, and the fleet is bound only in the `.fleet` branch: a replica alone pays for no
/// copy of it.
package enum FleetMode: Sendable {
    /// No peers: every answer is this replica's own.
    case single
    /// Peers: reads merged and writes applied across the fleet, answers naming this replica.
    case fleet(Fleet)
}
