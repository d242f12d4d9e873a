import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain blocking TCP socket to `127.0.0.1`, for tests that must control the socket itself: hold many
/// connections without an event loop, or shrink the receive buffer and never read.
///
/// **Contract:** not thread-safe; one test task uses it. `disconnect()` is idempotent and `deinit` calls it.
/// Every read waits at most its `bound`, the test's safety net.
final class BlockingSocket {
  private var descriptor: CInt

  /// Connects to `127.0.0.1:port` from `source` (another loopback address stands for another client);
  /// `receiveBuffer` (bytes) is set before connecting, so that the TCP window the server sees is that
  /// small from the start.
  init(port: Int, source: String = "127.0.0.1", receiveBuffer: Int? = nil) throws(SocketError) {
    #if canImport(Darwin)
    descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #else
    descriptor = socket(AF_INET, CInt(SOCK_STREAM.rawValue), 0)
    #endif
    guard descriptor >= 0 else { throw SocketError(operation: "socket", code: errno) }
    if var size = receiveBuffer.map(CInt.init) {
      setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<CInt>.size))
    }
    var local = sockaddr_in()
    local.sin_family = sa_family_t(AF_INET)
    local.sin_addr.s_addr = inet_addr(source)
    let bound = withUnsafePointer(to: &local) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else {
      let code = errno
      disconnect()
      throw SocketError(operation: "bind", code: code)
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      let code = errno
      disconnect()
      throw SocketError(operation: "connect", code: code)
    }
  }

  deinit { disconnect() }

  /// Sends all of `text`, blocking while the server does not read.
  func write(_ text: String) throws(SocketError) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, CInt(MSG_NOSIGNAL)) }
      guard sent > 0 else { throw SocketError(operation: "send", code: errno) }
      bytes = bytes.dropFirst(sent)
    }
  }

  /// Waits until something can be read (without reading it); `false` when `bound` passed first.
  func waitUntilReadable(bound: Duration) -> Bool {
    var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let milliseconds = bound.components.seconds * 1000 + bound.components.attoseconds / 1_000_000_000_000_000
    return poll(&pollDescriptor, 1, Int32(clamping: milliseconds)) > 0
  }

  /// Reads until the server ends the connection (EOF or reset), or until `bound` passes without it.
  func readToEnd(bound: Duration) -> (text: String, closedByServer: Bool) {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: bound)
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while clock.now < deadline {
      var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&pollDescriptor, 1, 100) > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return (String(decoding: received, as: UTF8.self), true) }
      received += buffer[..<count]
    }
    return (String(decoding: received, as: UTF8.self), false)
  }

  func disconnect() {
    guard descriptor >= 0 else { return }
    _ = close(descriptor)
    descriptor = -1
  }
}

/// A socket call that failed, with its `errno`.
struct SocketError: Error, CustomStringConvertible {
  var operation: String
  var code: CInt
  var description: String { "\(operation) failed: errno \(code)" }
}

/// Runs `work`, which blocks on sockets, on a thread of its own: on the cooperative pool it would hold
/// one of its few threads, which the server under test (in this process) and the tests beside it need.
func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try work() }) }.start()
  }
}

/// Sockets handed from the thread that opened them to the test, which only closes them or hands them
/// to another thread of ``onOwnThread(_:)``.
struct SendableSockets: @unchecked Sendable {
  // Unchecked: the sockets are used by one thread at a time, the opening thread then the test's task,
  // which only disconnects them or passes them on after the opening thread has finished with them.
  let sockets: [BlockingSocket]
  init(_ sockets: [BlockingSocket]) { self.sockets = sockets }
}
