/// A value's stored properties, each named and described, in declaration order: what a state marble
/// compares to name the fields that changed (`username, isCheckingUsername`).
///
/// Read through `Mirror` and `String(describing:)`: slow, and only an inspected session pays for it, once
/// per state (the lane keeps the last state's fields described). A value that is not a struct or class
/// with labelled properties is one field, `value`.
struct DescribedFields: Sendable {
  private let labels: [String]
  private let descriptions: [String]

  init(_ value: some Any) {
    var labels: [String] = []
    var descriptions: [String] = []
    for child in Mirror(reflecting: value).children {
      guard let label = child.label else { continue }
      labels.append(label)
      descriptions.append(String(describing: child.value))
    }
    if labels.isEmpty {
      (labels, descriptions) = (["value"], [String(describing: value)])
    }
    (self.labels, self.descriptions) = (labels, descriptions)
  }

  /// The names of the fields that differ from `old`'s; every field when the two have different fields.
  func changed(from old: DescribedFields) -> [String] {
    guard labels == old.labels else { return labels }
    return labels.indices.compactMap { descriptions[$0] == old.descriptions[$0] ? nil : labels[$0] }
  }
}
