// Without the trait, swift-clocks is not in the graph and the imports of `Clocks` below would fail with
// "no such module": this says what to write instead.
#if !ReactorTesting
#error(
  "ReactorTesting needs the Octoreact package's ReactorTesting trait, which brings swift-clocks for TestClock: .package(path: …, traits: [\"ReactorTesting\"])"
)
#endif
