@testable import OctoreactMVVM
import Testing

@Suite struct DeliveryQueueTests {
  @Test func aValueQueuedWhileNobodyDeliversIsDeliveredByItsCaller() {
    var queue = DeliveryQueue<String>()

    #expect(queue.enqueue("o") == "o")
    #expect(queue.isDelivering)
    #expect(queue.next() == nil)
    #expect(!queue.isDelivering)
  }

  @Test func valuesQueuedWhileDeliveringGoToTheDelivererInOrder() {
    var queue = DeliveryQueue<String>()
    #expect(queue.enqueue("oct") == "oct")  // a timer's thread delivers the held value …

    #expect(queue.enqueue("octo") == nil)  // … while a submit after a flush only queues
    #expect(queue.enqueue("octoc") == nil)

    #expect(queue.next() == "octo")
    #expect(queue.next() == "octoc")
    #expect(queue.next() == nil)
    #expect(queue.enqueue("octocat") == "octocat")
  }
}
