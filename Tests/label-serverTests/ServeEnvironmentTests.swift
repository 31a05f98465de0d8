import Foundation
import Glibc
import Testing
@testable import label_server

/// `serve` reads only its own variables from the environment, with their values as
/// `ProcessInfo.environment` has them. (No `setenv`: tests run in parallel, and
/// glibc's getenv does not lock.)
@Suite struct ServeEnvironmentTests {
    @Test func ourVariablesAreReadAndNoOthers() {
        let entries = ["LABEL_SERVER_PROBE=a=b c", "LABEL_SERVER_EMPTY=", "NOT_LABEL_SERVER_X=1", "PATH=/bin",
                       "MALLOC_ARENA_MAX=4", "MALLOC_ARENA_MAXIMUM=9", "LABEL_SERVER_PROBE=second", "LABEL_SERVER_NOEQUALS"]
        var pointers: [UnsafeMutablePointer<CChar>?] = entries.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        let read = pointers.withUnsafeMutableBufferPointer { ServeEnvironment.variables(in: $0.baseAddress!) }
        #expect(read == ["LABEL_SERVER_PROBE": "a=b c", "LABEL_SERVER_EMPTY": "", "MALLOC_ARENA_MAX": "4"])
    }

    @Test func theProcessEnvironmentReadsAsFoundationReadsIt() {
        let foundation = ProcessInfo.processInfo.environment.filter {
            $0.key.hasPrefix("LABEL_SERVER_") || $0.key == "MALLOC_ARENA_MAX"
        }
        #expect(ServeEnvironment.variables() == foundation)
    }
}
