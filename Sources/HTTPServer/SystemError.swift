import CLabelSystem
import Glibc

/// A failed system call: which call and the `errno` it set.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    public var call: String
    public var code: Int32

    public init(_ call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// With the `errno` the call just set. (Not a default argument: that would make the C
    /// shim part of this module's public interface.)
    public init(_ call: String) {
        self.init(call, code: csystem_errno())
    }

    public var description: String {
        "\(call): \(String(cString: strerror(code))) (errno \(code))"
    }
}
