/// The first `count` elements of `sequence` (fewer if it ends or the task is cancelled).
public func prefix<Values: AsyncSequence<Element, Never>, Element: Sendable>(_ count: Int, of sequence: Values) async -> [Element] {
  var elements: [Element] = []
  for await element in sequence.prefix(count) { elements.append(element) }
  return elements
}
