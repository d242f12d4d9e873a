// swift-tools-version: 6.1
import PackageDescription

// A package that adopts the runtime as a user would: by path, with the default traits off.
// scripts/check-runtime-package copies it to a temporary folder and points OCTOREACT_CHECKOUT at the
// checkout under test.
let package = Package(
  name: "RuntimeConsumer",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(name: "Octoreact", path: "OCTOREACT_CHECKOUT", traits: [])
  ],
  targets: [
    .executableTarget(
      name: "runtime-consumer",
      dependencies: [
        .product(name: "OctoreactCore", package: "Octoreact"),
        .product(name: "OctoreactMVVM", package: "Octoreact"),
        .product(name: "OctoreactObservation", package: "Octoreact"),
        .product(name: "OctoreactFeedback", package: "Octoreact"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
