import ChainHTTP
import Foundation
import Testing

/// The documented defaults, since operators rely on them being safe.
@Suite("HTTPServer.Configuration")
struct HTTPServerConfigurationTests {
    @Test func defaultsAreTheDocumentedSafeValues() {
        let configuration = HTTPServer.Configuration()

        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 0)
        #expect(configuration.threads == 0)
        #expect(configuration.maxBodyBytes == 1_048_576)
        #expect(configuration.connectionTimeoutSeconds == 30)
        #expect(configuration.connectionLimit == 1024)
        #expect(configuration.perIPConnectionLimit == 256)
        #expect(configuration.connectionMemoryLimitBytes == 24_576)
        #expect(configuration.headLimits == HTTPHeadLimits(maxTargetBytes: 8192, maxSectionBytes: 8192, maxFields: 100))
    }

    @Test func zeroThreadsMeansOnePerCore() {
        #expect(HTTPServer.Configuration(threads: 0).effectiveThreads == ProcessInfo.processInfo.activeProcessorCount)
        #expect(HTTPServer.Configuration(threads: 3).effectiveThreads == 3)
    }
}
