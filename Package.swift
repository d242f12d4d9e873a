// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// Settings every Octoreact target shares: Swift 6 mode plus the upcoming features Hummingbird enables.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The package dependencies join the graph only with the trait that needs them (SwiftPM resolves every
/// dependency of a package's products otherwise): an adopter of the runtime who writes
/// `.package(path: …, traits: [])` resolves no other package, and `traits: ["OctoreactTesting"]` resolves
/// swift-clocks alone (see README, "Using the runtime in another package").
let application: TargetDependencyCondition? = .when(traits: ["Application"])
let octoreactTesting: TargetDependencyCondition? = .when(traits: ["OctoreactTesting"])

let package = Package(
  name: "Octoreact",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "OctoreactCore", targets: ["OctoreactCore"]),
    .library(name: "OctoreactTesting", targets: ["OctoreactTesting"]),
    .library(name: "OctoreactObservation", targets: ["OctoreactObservation"]),
    .library(name: "OctoreactMVVM", targets: ["OctoreactMVVM"]),
    .library(name: "OctoreactFeedback", targets: ["OctoreactFeedback"]),
    .library(name: "SignupFeature", targets: ["SignupFeature"]),
    .library(name: "SignupFeatureTesting", targets: ["SignupFeatureTesting"]),
    .library(name: "SearchSyntax", targets: ["SearchSyntax"]),
    .library(name: "SearchFeature", targets: ["SearchFeature"]),
    .library(name: "SearchFeatureTesting", targets: ["SearchFeatureTesting"]),
    .library(name: "ScreenRecordings", targets: ["ScreenRecordings"]),
    .library(name: "GitHubClient", targets: ["GitHubClient"]),
    .library(name: "AccountStore", targets: ["AccountStore"]),
    .library(name: "RepositoryIndex", targets: ["RepositoryIndex"]),
    .library(name: "WebApp", targets: ["WebApp"]),
    .executable(name: "octoreact", targets: ["octoreact"]),
  ],
  traits: [
    .trait(
      name: "Application",
      description: "The application's dependencies (Hummingbird, GRDB, PostgresNIO, …): needed by every product "
        + "but the runtime's (OctoreactCore, OctoreactTesting, OctoreactObservation, OctoreactMVVM, "
        + "OctoreactFeedback).",
      enabledTraits: ["OctoreactTesting"]
    ),
    .trait(
      name: "OctoreactTesting",
      description: "What the OctoreactTesting product needs: swift-clocks, for TestClock."
    ),
    .trait(
      name: "ThreadSanitizer",
      description: "The runtime locks with a pthread_mutex_t, which ThreadSanitizer sees, instead of the "
        + "standard library's Mutex, whose futex calls it cannot see on Linux (scripts/race-check)."
    ),
    .default(enabledTraits: ["Application"]),
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
    .target(name: "OctoreactCore", swiftSettings: strictSettings),
    .target(
      name: "OctoreactTesting",
      dependencies: [
        "OctoreactCore",
        .product(name: "Clocks", package: "swift-clocks", condition: octoreactTesting),
      ],
      swiftSettings: strictSettings
    ),
    .target(name: "OctoreactObservation", dependencies: ["OctoreactCore"], swiftSettings: strictSettings),
    // The Rx-style toolkit for MVVM view models (Broadcast, Throttle, Driver, LatestWork), apart from
    // the runtime: it depends on OctoreactCore, never the reverse.
    .target(name: "OctoreactMVVM", dependencies: ["OctoreactCore"], swiftSettings: strictSettings),
    // Feedback loops (RxFeedback's `system` and `react`) run by OctoreactCore's store: part of the
    // runtime, so it depends on OctoreactCore alone.
    .target(name: "OctoreactFeedback", dependencies: ["OctoreactCore"], swiftSettings: strictSettings),
    // The rules of signing up, shared by the Signup screen and the account store (usernames, which the
    // repository index's owners follow too, passwords, reserved names) and the languages of messages.
    .target(name: "AccountRules", swiftSettings: strictSettings),
    .target(
      name: "SignupFeature",
      dependencies: ["OctoreactCore", "OctoreactMVVM", "OctoreactFeedback", "AccountRules"],
      swiftSettings: strictSettings
    ),
    // Test doubles that record an issue with Swift Testing: linked to test targets only.
    .target(name: "SignupFeatureTesting", dependencies: ["SignupFeature"], swiftSettings: strictSettings),
    // GitHub's repository search syntax (qualifiers, sort), shared by the index, the API and the Search screen.
    .target(name: "SearchSyntax", swiftSettings: strictSettings),
    .target(
      name: "SearchFeature", dependencies: ["OctoreactCore", "OctoreactFeedback", "SearchSyntax", "AccountRules"],
      swiftSettings: strictSettings),
    .target(name: "SearchFeatureTesting", dependencies: ["SearchFeature"], swiftSettings: strictSettings),
    // Recordings of Signup and Search sessions (inputs, answers, states), and their replay as tests.
    .target(
      name: "ScreenRecordings",
      dependencies: [
        "OctoreactCore", "OctoreactFeedback", "OctoreactMVVM", "SignupFeature", "SearchFeature", "AccountRules",
        .product(name: "Clocks", package: "swift-clocks", condition: octoreactTesting),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "GitHubClient",
      dependencies: [
        .product(name: "AsyncHTTPClient", package: "async-http-client", condition: application),
        .product(name: "Logging", package: "swift-log", condition: application),
        .product(name: "NIOCore", package: "swift-nio", condition: application),
        .product(name: "NIOHTTP1", package: "swift-nio", condition: application),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "DatabaseFile",
      dependencies: [.product(name: "GRDB", package: "GRDB.swift", condition: application)],
      swiftSettings: strictSettings
    ),
    // A PostgreSQL database by URL: a connection pool with limits and timeouts, and versioned migrations.
    .target(
      name: "PostgresDatabase",
      dependencies: [
        .product(name: "PostgresNIO", package: "postgres-nio", condition: application),
        .product(name: "_ConnectionPoolModule", package: "postgres-nio", condition: application),
        .product(name: "Logging", package: "swift-log", condition: application),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: application),
        .product(name: "Crypto", package: "swift-crypto", condition: application),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "AccountStore",
      dependencies: [
        "AccountRules", "DatabaseFile", "PostgresDatabase",
        .product(name: "GRDB", package: "GRDB.swift", condition: application),
        .product(name: "PostgresNIO", package: "postgres-nio", condition: application),
        .product(name: "HummingbirdBcrypt", package: "hummingbird-auth", condition: application),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "RepositoryIndex",
      dependencies: [
        "DatabaseFile", "AccountRules", "SearchSyntax",
        .product(name: "GRDB", package: "GRDB.swift", condition: application),
        .product(name: "GRDBSQLite", package: "GRDB.swift", condition: application),
      ],
      resources: [.copy("Resources/repositories.txt")],
      swiftSettings: strictSettings
    ),
    .target(
      name: "WebApp",
      dependencies: [
        "OctoreactCore", "OctoreactMVVM", "OctoreactFeedback", "AccountRules", "SignupFeature", "SearchFeature", "SearchSyntax",
        "ScreenRecordings",
        "AccountStore", "RepositoryIndex", "GitHubClient", "PostgresDatabase",
        .product(name: "PostgresNIO", package: "postgres-nio", condition: application),
        .product(name: "AsyncHTTPClient", package: "async-http-client", condition: application),
        .product(name: "Hummingbird", package: "hummingbird", condition: application),
        .product(name: "HummingbirdCore", package: "hummingbird", condition: application),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket", condition: application),
        .product(name: "Logging", package: "swift-log", condition: application),
        .product(name: "NIOCore", package: "swift-nio", condition: application),
        .product(name: "NIOHTTP1", package: "swift-nio", condition: application),
        .product(name: "NIOWebSocket", package: "swift-nio", condition: application),
        .product(name: "HTTPTypes", package: "swift-http-types", condition: application),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: application),
        .product(name: "UnixSignals", package: "swift-service-lifecycle", condition: application),
        .product(name: "Metrics", package: "swift-metrics", condition: application),
        .product(name: "Prometheus", package: "swift-prometheus", condition: application),
      ],
      resources: [.copy("Resources/public")],
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "octoreact",
      dependencies: [
        "WebApp", "AccountStore", "PostgresDatabase", "RepositoryIndex", "GitHubClient", "SearchSyntax",
        "ScreenRecordings", "SignupFeature", "SearchFeature",
        .product(name: "ArgumentParser", package: "swift-argument-parser", condition: application),
        .product(name: "AsyncHTTPClient", package: "async-http-client", condition: application),
        .product(name: "Hummingbird", package: "hummingbird", condition: application),
        .product(name: "Logging", package: "swift-log", condition: application),
        .product(name: "NIOCore", package: "swift-nio", condition: application),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "OctoreactCoreTests",
      dependencies: [
        "OctoreactCore", "OctoreactTesting", "ConcurrencyTestSupport",
        .product(name: "Clocks", package: "swift-clocks", condition: octoreactTesting),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "OctoreactMVVMTests",
      dependencies: [
        "OctoreactMVVM", "OctoreactCore", "OctoreactTesting", "ConcurrencyTestSupport",
        .product(name: "Clocks", package: "swift-clocks", condition: octoreactTesting),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "OctoreactFeedbackTests",
      dependencies: [
        "OctoreactFeedback", "OctoreactCore", "OctoreactTesting", "ConcurrencyTestSupport",
        .product(name: "Clocks", package: "swift-clocks", condition: octoreactTesting),
      ],
      swiftSettings: strictSettings
    ),
    // Probes, gates and threads for the concurrency tests of OctoreactCore and OctoreactMVVM (not a product).
    .target(
      name: "ConcurrencyTestSupport",
      dependencies: ["OctoreactCore"],
      path: "Tests/ConcurrencyTestSupport",
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "OctoreactTestingTests",
      dependencies: [
        "OctoreactCore", "OctoreactTesting",
        .product(name: "Clocks", package: "swift-clocks", condition: octoreactTesting),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "OctoreactObservationTests",
      dependencies: ["OctoreactObservation", "OctoreactCore"],
      swiftSettings: strictSettings
    ),
    // The README's examples, compiled and run: they cannot drift from the code.
    .testTarget(
      name: "DocumentationTests",
      dependencies: [
        "OctoreactCore", "OctoreactObservation", "OctoreactTesting", "OctoreactMVVM", "SignupFeature",
        "SignupFeatureTesting",
        .product(name: "Clocks", package: "swift-clocks", condition: octoreactTesting),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "SignupFeatureTests",
      dependencies: [
        "SignupFeature", "SignupFeatureTesting", "AccountRules", "OctoreactCore", "OctoreactMVVM", "OctoreactFeedback",
        "OctoreactTesting", .product(name: "Clocks", package: "swift-clocks", condition: octoreactTesting),
        .product(name: "PropertyBased", package: "swift-property-based", condition: application),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "SearchFeatureTests",
      dependencies: [
        "SearchFeature", "SearchFeatureTesting", "SearchSyntax", "AccountRules", "OctoreactCore", "OctoreactMVVM",
        "OctoreactFeedback", "OctoreactTesting",
        .product(name: "Clocks", package: "swift-clocks", condition: octoreactTesting),
      ],
      swiftSettings: strictSettings
    ),
    // Every file in Tests/ScreenRecordingsTests/Recordings is replayed as a test.
    .testTarget(
      name: "ScreenRecordingsTests",
      dependencies: [
        "ScreenRecordings", "SignupFeature", "SearchFeature", "SearchSyntax", "AccountRules", "OctoreactCore",
        "OctoreactTesting", .product(name: "Clocks", package: "swift-clocks", condition: octoreactTesting),
      ],
      exclude: ["Recordings"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "SearchSyntaxTests",
      dependencies: ["SearchSyntax", .product(name: "PropertyBased", package: "swift-property-based", condition: application)],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "GitHubClientTests",
      dependencies: [
        "GitHubClient",
        .product(name: "AsyncHTTPClient", package: "async-http-client", condition: application),
        .product(name: "Hummingbird", package: "hummingbird", condition: application),
        .product(name: "HummingbirdTesting", package: "hummingbird", condition: application),
        .product(name: "HTTPTypes", package: "swift-http-types", condition: application),
        .product(name: "Logging", package: "swift-log", condition: application),
        .product(name: "NIOCore", package: "swift-nio", condition: application),
      ],
      swiftSettings: strictSettings
    ),
    // Scratch PostgreSQL databases for tests, from OCTOREACT_TEST_POSTGRES_URL (scripts/test sets it); not a product.
    .target(
      name: "PostgresTestSupport",
      dependencies: ["PostgresDatabase", .product(name: "PostgresNIO", package: "postgres-nio", condition: application)],
      path: "Tests/PostgresTestSupport",
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "PostgresDatabaseTests",
      dependencies: ["PostgresDatabase", "PostgresTestSupport", .product(name: "PostgresNIO", package: "postgres-nio", condition: application)],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "AccountStoreTests",
      dependencies: [
        "AccountStore", "AccountRules", "DatabaseFile", "PostgresDatabase", "PostgresTestSupport",
        .product(name: "GRDB", package: "GRDB.swift", condition: application),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "RepositoryIndexTests",
      dependencies: [
        "RepositoryIndex", "DatabaseFile", "AccountRules", "SearchSyntax", .product(name: "GRDB", package: "GRDB.swift", condition: application),
      ],
      swiftSettings: strictSettings
    ),
    // The command line: its logic through `@testable import octoreact`, its behaviour through the built binary.
    .testTarget(
      name: "OctoreactCLITests",
      dependencies: [
        "octoreact", "AccountStore", "RepositoryIndex", "DatabaseFile", "GitHubClient", "WebApp", "PostgresDatabase",
        "PostgresTestSupport",
        .product(name: "GRDB", package: "GRDB.swift", condition: application),
        .product(name: "ArgumentParser", package: "swift-argument-parser", condition: application),
        .product(name: "AsyncHTTPClient", package: "async-http-client", condition: application),
        .product(name: "Clocks", package: "swift-clocks", condition: octoreactTesting),
        .product(name: "HTTPTypes", package: "swift-http-types", condition: application),
        .product(name: "Hummingbird", package: "hummingbird", condition: application),
        .product(name: "HummingbirdTesting", package: "hummingbird", condition: application),
        .product(name: "Logging", package: "swift-log", condition: application),
        .product(name: "NIOCore", package: "swift-nio", condition: application),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "WebAppTests",
      dependencies: [
        "WebApp", "AccountStore", "AccountRules", "RepositoryIndex", "GitHubClient", "SignupFeature", "SearchFeature",
        "SearchFeatureTesting", "SearchSyntax", "ScreenRecordings",
        "OctoreactCore", "OctoreactMVVM", "OctoreactTesting", "PostgresDatabase", "PostgresTestSupport",
        .product(name: "PostgresNIO", package: "postgres-nio", condition: application),
        .product(name: "Clocks", package: "swift-clocks", condition: octoreactTesting),
        .product(name: "AsyncHTTPClient", package: "async-http-client", condition: application),
        .product(name: "Hummingbird", package: "hummingbird", condition: application),
        .product(name: "HummingbirdTesting", package: "hummingbird", condition: application),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket", condition: application),
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket", condition: application),
        .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket", condition: application),
        .product(name: "NIOCore", package: "swift-nio", condition: application),
        .product(name: "NIOEmbedded", package: "swift-nio", condition: application),
        .product(name: "NIOPosix", package: "swift-nio", condition: application),
        .product(name: "PropertyBased", package: "swift-property-based", condition: application),
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
      dependencies: ["OctoreactCore", "OctoreactMVVM", "OctoreactFeedback", "SignupFeature"],
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
    // The floor `GET /users/{name}` is compared with: one bare Hummingbird route (`compare.sh`).
    .executableTarget(
      name: "bare-users-route",
      dependencies: [
        .product(name: "Hummingbird", package: "hummingbird"), .product(name: "Logging", package: "swift-log"),
      ],
      path: "Benchmarks/BareRoute",
      swiftSettings: strictSettings
    ),
    // The floor a live page's memory and keystroke cost are compared with: one bare WebSocket route.
    .executableTarget(
      name: "bare-live-route",
      dependencies: [
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Benchmarks/BareLiveRoute",
      swiftSettings: strictSettings
    ),
  ]
}
