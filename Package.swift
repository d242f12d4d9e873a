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
    .library(name: "SignupFeature", targets: ["SignupFeature"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
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
    .target(
      name: "SignupFeature",
      dependencies: [
        "ReactorCore",
        .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "ReactorCoreTests",
      dependencies: ["ReactorCore", "ReactorTesting", .product(name: "Clocks", package: "swift-clocks")],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "ReactorTestingTests",
      dependencies: ["ReactorCore", "ReactorTesting", .product(name: "Clocks", package: "swift-clocks")],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "SignupFeatureTests",
      dependencies: [
        "SignupFeature", "ReactorCore", "ReactorTesting",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
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
  package.targets.append(
    .executableTarget(
      name: "ReactorBenchmarks",
      dependencies: [
        "ReactorCore", "SignupFeature",
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/ReactorBenchmarks",
      swiftSettings: strictSettings,
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
  )
}
