import Foundation
import RedisClient
import TestSupport
import Testing

/// What a subscriber reported, in order, with a wait for the next one (never a sleep).
final class SubscriberEvents: @unchecked Sendable {
    enum Event: Equatable {
        case state(Bool)
        case message([UInt8])
    }

    private let condition = NSCondition()
    private var events: [Event] = []

    func record(_ event: Event) {
        condition.lock()
        events.append(event)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits (at most 20 s) until `count` events have arrived; returns them all.
    func wait(forCount count: Int) -> [Event] {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(20)
        while events.count < count, condition.wait(until: deadline) {}
        return events
    }

    var all: [Event] {
        condition.lock()
        defer { condition.unlock() }
        return events
    }
}

/// ``RedisSubscriber`` against a real `redis-server`.
@Suite(.enabled(if: RedisServerProcess.isEnabled, "redis-server is not on PATH"))
struct RedisSubscriberTests {
    private func subscriber(_ endpoint: RedisEndpoint, _ events: SubscriberEvents) -> RedisSubscriber {
        RedisSubscriber(endpoint: endpoint, channel: "ls:reload",
                        onMessage: { events.record(.message($0)) }, onState: { events.record(.state($0)) })
    }

    @Test("an ACL user's subscriber receives what is PUBLISHed on its channel, bytes as sent, and stops at once")
    func receivesMessages() throws {
        let server = try RedisServerProcess(configuration: ["user app on >pw ~ls:* &ls:* +@all", "user default off"])
        let endpoint = try RedisEndpoint(url: server.url(user: "app"), password: "pw")
        let events = SubscriberEvents()
        let subscriber = subscriber(endpoint, events)
        subscriber.start()
        #expect(events.wait(forCount: 1) == [.state(true)])

        let publisher = RedisConnection(endpoint: endpoint)
        let payload: [UInt8] = [0x72, 0, 0xFF, 13, 10]
        let replies = try publisher.pipeline([
            RedisCommand(bytes: [Array("PUBLISH".utf8), Array("ls:reload".utf8), payload]),
            RedisCommand(["PUBLISH", "ls:other", "not for us"]),
            RedisCommand(["PUBLISH", "ls:reload", "second"]),
        ])
        #expect(replies[0] == .integer(1))
        #expect(events.wait(forCount: 3) == [.state(true), .message(payload), .message(Array("second".utf8))])
        subscriber.stop()
        #expect(events.all.count == 3)
    }

    @Test("after Redis restarts the subscriber reports the loss, subscribes again and receives again")
    func reconnectsAfterRestart() throws {
        let server = try RedisServerProcess()
        let endpoint = try RedisEndpoint(url: server.url(), password: nil)
        let events = SubscriberEvents()
        let subscriber = subscriber(endpoint, events)
        subscriber.start()
        defer { subscriber.stop() }
        #expect(events.wait(forCount: 1) == [.state(true)])

        try server.restart()
        #expect(events.wait(forCount: 3) == [.state(true), .state(false), .state(true)])
        _ = try RedisConnection(endpoint: endpoint).send(RedisCommand(["PUBLISH", "ls:reload", "after"]))
        #expect(events.wait(forCount: 4).last == .message(Array("after".utf8)))
    }

    @Test("stop() returns while the subscriber is backing off from a server that is down")
    func stopsWhileBackingOff() throws {
        let server = try RedisServerProcess()
        let endpoint = try RedisEndpoint(url: server.url(), password: nil)
        server.kill9()
        let events = SubscriberEvents()
        let subscriber = subscriber(endpoint, events)
        subscriber.start()
        subscriber.stop()
        #expect(events.all.isEmpty)
    }
}
