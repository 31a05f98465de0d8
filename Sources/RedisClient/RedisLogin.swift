/// What every new connection sends before its first command (`AUTH`, `SELECT`), and how
/// the replies to it become errors. Shared by ``RedisConnection`` and ``RedisSubscriber``.
enum RedisLogin {
    /// `AUTH user password` (ACL) or `AUTH password` (requirepass) when there is a password,
    /// then `SELECT db` unless it is 0.
    static func commands(_ endpoint: RedisEndpoint) -> [RedisCommand] {
        var commands: [RedisCommand] = []
        if let password = endpoint.password {
            commands.append(RedisCommand(["AUTH"] + (endpoint.user.map { [$0] } ?? []) + [password]))
        }
        if endpoint.database != 0 { commands.append(RedisCommand(["SELECT", String(endpoint.database)])) }
        return commands
    }

    /// Throws when a login reply is not `+OK`: `.authentication` for `AUTH` (and for `NOPERM`
    /// or `NOAUTH` on `SELECT`), `.database` for another `SELECT` refusal.
    static func check(_ replies: ArraySlice<RESPValue>, _ endpoint: RedisEndpoint) throws(RedisError) {
        let commands = commands(endpoint)
        for (command, reply) in zip(commands, replies) where reply != .simple("OK") {
            let said = scrubbed(serverText(reply), endpoint)
            let who = endpoint.user.map { "as user \($0)" } ?? "with the password"
            if command.name == "AUTH" {
                throw .authentication("Redis at \(endpoint.host):\(endpoint.port) refused the login \(who): \(said)")
            }
            if let kind = reply.errorKind, kind == "NOPERM" || kind == "NOAUTH" {
                throw .authentication("Redis at \(endpoint.host):\(endpoint.port) refused SELECT \(endpoint.database) \(who): \(said)")
            }
            throw .database("Redis at \(endpoint.host):\(endpoint.port) refused SELECT \(endpoint.database): \(said)")
        }
    }

    /// Throws `.authentication` when a command's reply says a login is needed (`NOAUTH`): the
    /// server wants a password the endpoint does not have.
    static func checkAuthenticated(_ replies: [RESPValue], _ endpoint: RedisEndpoint) throws(RedisError) {
        guard let reply = replies.first(where: { $0.errorKind == "NOAUTH" }) else { return }
        throw .authentication(
            "Redis at \(endpoint.host):\(endpoint.port) needs a password (set LABEL_SERVER_REPORT_STORE_PASSWORD): "
                + scrubbed(serverText(reply), endpoint))
    }

    private static func serverText(_ reply: RESPValue) -> String {
        switch reply {
        case .error(let line): line
        case .simple(let text): "unexpected reply \(text)"
        default: "unexpected reply"
        }
    }

    /// `text` with the endpoint's password (should a server ever echo it) replaced.
    static func scrubbed(_ text: String, _ endpoint: RedisEndpoint) -> String {
        guard let password = endpoint.password, !password.isEmpty, text.contains(password) else { return text }
        return text.replacing(password, with: "<password>")
    }
}
