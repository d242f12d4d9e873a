// swift-tools-version: 6.1
import PackageDescription

// ReactorKit's Counter example on Octoreact's runtime, as a package of its own that depends on the
// checkout by path, as an adopter would: the `OctoreactTesting` trait brings swift-clocks (for
// `TestClock`) and nothing else of the application's dependencies.
let package = Package(
  name: "Counter",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "CounterFeature", targets: ["CounterFeature"]),
    .executable(name: "counter", targets: ["counter"]),
  ],
  dependencies: [
    // `name:` because a path dependency is otherwise named after its folder, which varies by checkout.
    .package(name: "Octoreact", path: "../..", traits: ["OctoreactTesting"]),
    // Named here only because the test imports `Clocks` itself: the same package OctoreactTesting uses.
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
  ],
  targets: [
    .target(name: "CounterFeature", dependencies: [.product(name: "OctoreactCore", package: "Octoreact")]),
    .executableTarget(
      name: "counter",
      dependencies: ["CounterFeature", .product(name: "OctoreactCore", package: "Octoreact")]
    ),
    .testTarget(
      name: "CounterFeatureTests",
      dependencies: [
        "CounterFeature",
        .product(name: "OctoreactCore", package: "Octoreact"),
        .product(name: "OctoreactTesting", package: "Octoreact"),
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
