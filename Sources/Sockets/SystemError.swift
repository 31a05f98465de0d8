import CLabelSystem
import Glibc

/// A failed system call: which call and the `errno` it set.
package struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    package var call: String
    package var code: Int32

    package init(_ call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// With the `errno` the call just set. (Not a default argument: that would make the C
    /// shim part of this module's public interface.)
    package init(_ call: String) {
        self.init(call, code: csystem_errno())
    }

    package var description: String {
        "\(call): \(String(cString: strerror(code))) (errno \(code))"
    }
}
