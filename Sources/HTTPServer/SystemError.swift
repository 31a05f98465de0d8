import CLabelSystem
import Glibc

/// A failed system call: which call and the `errno` it set.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    public var call: String
    public var code: Int32

    public init(_ call: String, code: Int32 = csystem_errno()) {
        self.call = call
        self.code = code
    }

    public var description: String {
        "\(call): \(String(cString: strerror(code))) (errno \(code))"
    }
}
