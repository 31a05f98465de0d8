import RedisClient
import Testing

/// `redis://` URLs: what is accepted, what is refused and with which code.
@Suite struct RedisEndpointTests {
    @Test("host, port, database and user come from the URL; the password from its own parameter")
    func accepted() throws {
        let full = try RedisEndpoint(url: "redis://label-server@redis.example:6380/3", password: "pw")
        #expect(full == RedisEndpoint(host: "redis.example", port: 6380, database: 3, user: "label-server", password: "pw"))
        #expect(try RedisEndpoint(url: "redis://localhost", password: nil) == RedisEndpoint(host: "localhost"))
        #expect(try RedisEndpoint(url: "REDIS://127.0.0.1/", password: "") == RedisEndpoint(host: "127.0.0.1"))
        #expect(try RedisEndpoint(url: "redis://[::1]:7000/1", password: nil) == RedisEndpoint(host: "::1", port: 7000, database: 1))
        #expect(try RedisEndpoint(url: "redis://[::1]", password: nil).port == 6379)
        #expect(try RedisEndpoint(url: "redis://us%40er@h", password: "p").user == "us@er")
    }

    @Test("refused, each with its code", arguments: [
        ("redis://user:secret@host", "password-in-url"),
        ("redis://:secret@host", "password-in-url"),
        ("rediss://host", "tls-unsupported"),
        ("http://host", "unsupported-scheme"),
        ("host:6379", "unsupported-scheme"),
        ("redis://@host", "bad-user"),
        ("redis://%zz@host", "bad-user"),
        ("redis://", "bad-host"),
        ("redis://:6379", "bad-host"),
        ("redis://::1", "bad-host"),
        ("redis://[::1", "bad-host"),
        ("redis://[nothost]", "bad-host"),
        ("redis://[::1]x", "bad-host"),
        ("redis://ho st", "bad-host"),
        ("redis://host:0", "bad-port"),
        ("redis://host:65536", "bad-port"),
        ("redis://host:99999999999999999999999", "bad-port"),
        ("redis://host:-1", "bad-port"),
        ("redis://host:", "bad-port"),
        ("redis://host/x", "bad-database"),
        ("redis://host/-1", "bad-database"),
        ("redis://host/2147483648", "bad-database"),
        ("redis://host/99999999999999999999", "bad-database"),
        ("redis://host/1/2", "bad-database"),
        ("redis://host/1?timeout=2", "unexpected-suffix"),
        ("redis://host#x", "unexpected-suffix"),
    ])
    func refused(url: String, code: String) {
        let error = #expect(throws: RedisURLError.self) { try RedisEndpoint(url: url, password: "pw") }
        #expect(error?.code == code)
        #expect(error.map { "\($0)".contains("secret") } == false)
    }

    @Test("a user without a password is refused (an empty password counts as none)")
    func userWithoutPassword() {
        for password in [nil, ""] {
            let error = #expect(throws: RedisURLError.self) { try RedisEndpoint(url: "redis://user@host", password: password) }
            #expect(error?.code == "user-without-password")
        }
    }

    @Test("a password in the URL is named, never repeated")
    func passwordNotRepeated() {
        let error = #expect(throws: RedisURLError.self) { try RedisEndpoint(url: "redis://u:hunter2@h", password: nil) }
        #expect(error.map { "\($0)".contains("LABEL_SERVER_REPORT_STORE_PASSWORD") } == true)
        #expect(error.map { "\($0)".contains("hunter2") } == false)
    }

    @Test("description, debugDescription and dump never show the password")
    func descriptionHidesPassword() throws {
        let endpoint = try RedisEndpoint(url: "redis://writer@[::1]:6380/2", password: "hunter2")
        #expect(endpoint.description == "redis://writer@[::1]:6380/2")
        var dumped = ""
        dump(endpoint, to: &dumped)
        for text in [endpoint.description, endpoint.debugDescription, "\(endpoint)", String(reflecting: endpoint), dumped] {
            #expect(!text.contains("hunter2"), "\(text)")
        }
    }
}
