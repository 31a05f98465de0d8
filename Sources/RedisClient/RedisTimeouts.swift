/// How long a connection waits, and how it backs off after a failure.
package struct RedisTimeouts: Sendable, Hashable {
    /// Resolving aside, how long a TCP connect may take.
    package var connect: Duration
    /// How long one call (`pipeline`: write everything, read every reply) may take, the login
    /// included on a call that connects.
    package var command: Duration
    /// The first wait after a failure; each failure in a row doubles it…
    package var backoffStart: Duration
    /// …up to this.
    package var backoffCap: Duration

    package init(connect: Duration = .seconds(1), command: Duration = .seconds(2),
                 backoffStart: Duration = .milliseconds(50), backoffCap: Duration = .seconds(5)) {
        self.connect = connect
        self.command = command
        self.backoffStart = backoffStart
        self.backoffCap = backoffCap
    }
}
