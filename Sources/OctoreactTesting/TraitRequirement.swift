// Without the trait, swift-clocks is not in the graph and the imports of `Clocks` below would fail with
// "no such module": this says what to write instead.
#if !OctoreactTesting
#error(
  "OctoreactTesting needs the Octoreact package's OctoreactTesting trait, which brings swift-clocks for TestClock: .package(path: …, traits: [\"OctoreactTesting\"])"
)
#endif
