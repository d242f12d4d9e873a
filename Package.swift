// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// Settings every Octoreact target shares: Swift 6 mode plus the upcoming features Hummingbird enables.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "Octoreact",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "ReactorCore", targets: ["ReactorCore"]),
    .library(name: "ReactorTesting", targets: ["ReactorTesting"]),
    .library(name: "ReactorObservation", targets: ["ReactorObservation"]),
    .library(name: "MVVMKit", targets: ["MVVMKit"]),
    .library(name: "SignupFeature", targets: ["SignupFeature"]),
    .library(name: "SignupFeatureTesting", targets: ["SignupFeatureTesting"]),
    .library(name: "SearchSyntax", targets: ["SearchSyntax"]),
    .library(name: "SearchFeature", targets: ["SearchFeature"]),
    .library(name: "SearchFeatureTesting", targets: ["SearchFeatureTesting"]),
    .library(name: "GitHubClient", targets: ["GitHubClient"]),
    .library(name: "AccountStore", targets: ["AccountStore"]),
    .library(name: "RepositoryIndex", targets: ["RepositoryIndex"]),
    .library(name: "WebApp", targets: ["WebApp"]),
    .executable(name: "octoreact", targets: ["octoreact"]),
  ],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-crypto", "3.9.0"..<"5.0.0"),
  ],
  targets: [
    .target(name: "ReactorCore", swiftSettings: strictSettings),
    .target(
      name: "ReactorTesting",
      dependencies: [
        "ReactorCore",
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      swiftSettings: strictSettings
    ),
    .target(name: "ReactorObservation", dependencies: ["ReactorCore"], swiftSettings: strictSettings),
    // The Rx-style toolkit for MVVM view models (Broadcast, Throttle, Driver, LatestWork), apart from
    // the runtime: it depends on ReactorCore, never the reverse.
    .target(name: "MVVMKit", dependencies: ["ReactorCore"], swiftSettings: strictSettings),
    // The rules of signing up, shared by the Signup screen and the account store (usernames, which the
    // repository index's owners follow too, passwords, reserved names) and the languages of messages.
    .target(name: "AccountRules", swiftSettings: strictSettings),
    .target(
      name: "SignupFeature",
      dependencies: ["ReactorCore", "MVVMKit", "AccountRules"],
      swiftSettings: strictSettings
    ),
    // Test doubles that record an issue with Swift Testing: linked to test targets only.
    .target(name: "SignupFeatureTesting", dependencies: ["SignupFeature"], swiftSettings: strictSettings),
    // GitHub's repository search syntax (qualifiers, sort), shared by the index, the API and the Search screen.
    .target(name: "SearchSyntax", swiftSettings: strictSettings),
    .target(
      name: "SearchFeature", dependencies: ["ReactorCore", "SearchSyntax", "AccountRules"], swiftSettings: strictSettings),
    .target(name: "SearchFeatureTesting", dependencies: ["SearchFeature"], swiftSettings: strictSettings),
    .target(
      name: "GitHubClient",
      dependencies: [
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "DatabaseFile",
      dependencies: [.product(name: "GRDB", package: "GRDB.swift")],
      swiftSettings: strictSettings
    ),
    // A PostgreSQL database by URL: a connection pool with limits and timeouts, and versioned migrations.
    .target(
      name: "PostgresDatabase",
      dependencies: [
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "AccountStore",
      dependencies: [
        "AccountRules", "DatabaseFile", "PostgresDatabase",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "RepositoryIndex",
      dependencies: [
        "DatabaseFile", "AccountRules", "SearchSyntax",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ],
      resources: [.copy("Resources/repositories.txt")],
      swiftSettings: strictSettings
    ),
    .target(
      name: "WebApp",
      dependencies: [
        "ReactorCore", "MVVMKit", "AccountRules", "SignupFeature", "SearchFeature", "SearchSyntax", "AccountStore",
        "RepositoryIndex", "GitHubClient", "PostgresDatabase",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
      ],
      resources: [.copy("Resources/public")],
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "octoreact",
      dependencies: [
        "WebApp", "AccountStore", "PostgresDatabase", "RepositoryIndex", "GitHubClient", "SearchSyntax",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "ReactorCoreTests",
      dependencies: [
        "ReactorCore", "ReactorTesting", "ConcurrencyTestSupport", .product(name: "Clocks", package: "swift-clocks"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "MVVMKitTests",
      dependencies: [
        "MVVMKit", "ReactorCore", "ReactorTesting", "ConcurrencyTestSupport",
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      swiftSettings: strictSettings
    ),
    // Probes, gates and threads for the concurrency tests of ReactorCore and MVVMKit (not a product).
    .target(
      name: "ConcurrencyTestSupport",
      dependencies: ["ReactorCore"],
      path: "Tests/ConcurrencyTestSupport",
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "ReactorTestingTests",
      dependencies: ["ReactorCore", "ReactorTesting", .product(name: "Clocks", package: "swift-clocks")],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "ReactorObservationTests",
      dependencies: ["ReactorObservation", "ReactorCore"],
      swiftSettings: strictSettings
    ),
    // The README's examples, compiled and run: they cannot drift from the code.
    .testTarget(
      name: "DocumentationTests",
      dependencies: [
        "ReactorCore", "ReactorObservation", "ReactorTesting", "MVVMKit", "SignupFeature", "SignupFeatureTesting",
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "SignupFeatureTests",
      dependencies: [
        "SignupFeature", "SignupFeatureTesting", "AccountRules", "ReactorCore", "MVVMKit", "ReactorTesting",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "SearchFeatureTests",
      dependencies: [
        "SearchFeature", "SearchFeatureTesting", "SearchSyntax", "AccountRules", "ReactorCore", "MVVMKit", "ReactorTesting",
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "SearchSyntaxTests",
      dependencies: ["SearchSyntax", .product(name: "PropertyBased", package: "swift-property-based")],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "GitHubClientTests",
      dependencies: [
        "GitHubClient",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
      ],
      swiftSettings: strictSettings
    ),
    // Scratch PostgreSQL databases for tests, from OCTOREACT_TEST_POSTGRES_URL (scripts/test sets it); not a product.
    .target(
      name: "PostgresTestSupport",
      dependencies: ["PostgresDatabase", .product(name: "PostgresNIO", package: "postgres-nio")],
      path: "Tests/PostgresTestSupport",
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "PostgresDatabaseTests",
      dependencies: ["PostgresDatabase", "PostgresTestSupport", .product(name: "PostgresNIO", package: "postgres-nio")],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "AccountStoreTests",
      dependencies: [
        "AccountStore", "AccountRules", "DatabaseFile", "PostgresDatabase", "PostgresTestSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "RepositoryIndexTests",
      dependencies: [
        "RepositoryIndex", "DatabaseFile", "AccountRules", "SearchSyntax", .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: strictSettings
    ),
    // The command line: its logic through `@testable import octoreact`, its behaviour through the built binary.
    .testTarget(
      name: "OctoreactCLITests",
      dependencies: [
        "octoreact", "AccountStore", "RepositoryIndex", "DatabaseFile", "GitHubClient", "WebApp", "PostgresDatabase",
        "PostgresTestSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "WebAppTests",
      dependencies: [
        "WebApp", "AccountStore", "AccountRules", "RepositoryIndex", "GitHubClient", "SignupFeature", "SearchFeature",
        "SearchSyntax",
        "ReactorCore", "MVVMKit", "ReactorTesting", "PostgresDatabase", "PostgresTestSupport",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
        .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strictSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)

// Benchmarks join the package only when asked for, as in Hummingbird: package-benchmark and its
// malloc interposer are heavy and nothing else needs them. `OCTOREACT_BENCHMARKS=1 swift package benchmark`.
if ProcessInfo.processInfo.environment["OCTOREACT_BENCHMARKS"] != nil {
  package.dependencies.append(
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"])
  )
  package.targets += [
    // The workloads, apart from any harness, so that they also run alone (`reactor-workloads`).
    .target(
      name: "ReactorWorkloads",
      dependencies: ["ReactorCore", "MVVMKit", "SignupFeature"],
      path: "Benchmarks/ReactorWorkloads",
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "ReactorBenchmarks",
      dependencies: ["ReactorWorkloads", .product(name: "Benchmark", package: "benchmark")],
      path: "Benchmarks/ReactorBenchmarks",
      swiftSettings: strictSettings,
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "reactor-workloads",
      dependencies: ["ReactorWorkloads"],
      path: "Benchmarks/ReactorWorkloadRunner",
      swiftSettings: strictSettings
    ),
  ]
}

// A build for ThreadSanitizer (`scripts/race-check`): the runtime's components lock with a
// `pthread_mutex_t`, which the sanitizer sees, instead of `Mutex` (see `RuntimeLock`).
if ProcessInfo.processInfo.environment["OCTOREACT_THREAD_SANITIZER"] != nil {
  for target in package.targets where target.name == "ReactorCore" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.define("OCTOREACT_THREAD_SANITIZER")]
  }
}
