import Foundation
import Synchronization
import Testing
import WebApp

/// The log writer over a real pipe: lines arrive whole and in order, a reader that stops reading costs
/// dropped (and reported) lines instead of a blocked logger, closing writes what is pending, and a stalled
/// output cannot hang closing.
@Suite(.timeLimit(.minutes(1)))
struct LogWriterTests {
  @Test func linesArriveInOrderAndCloseWritesWhatIsPending() throws {
    let pipe = Pipe()
    let writer = LogWriter(descriptor: pipe.fileHandleForWriting.fileDescriptor)
    for number in 0..<1_000 { writer.write("line \(number)\n") }
    writer.close()
    writer.write("after close\n")
    try pipe.fileHandleForWriting.close()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(text == (0..<1_000).map { "line \($0)\n" }.joined() + "after close\n")
  }

  @Test func aStalledOutputDropsLinesBeyondTheBudgetWithoutBlockingAndSaysHowMany() throws {
    let pipe = Pipe()
    let writer = LogWriter(descriptor: pipe.fileHandleForWriting.fileDescriptor, format: .json, budget: 4_096)
    // Nobody reads: the pipe (64 KiB on Linux) fills and the writer thread blocks in write(2). These calls
    // return anyway (the test's time limit would catch one that blocked).
    let line = String(repeating: "x", count: 99) + "\n"
    let sent = 5_000  // 500 KB: far more than the pipe and the budget hold
    for _ in 0..<sent { writer.write(line) }
    // Read everything: the writer moves again, then reports what it dropped.
    let received = Received()
    let done = DispatchSemaphore(value: 0)
    Thread { [handle = pipe.fileHandleForReading] in
      let data = handle.readDataToEndOfFile()
      received.data.withLock { $0 = data }
      done.signal()
    }.start()
    writer.close()
    try pipe.fileHandleForWriting.close()
    done.wait()
    let lines = String(decoding: received.data.withLock { $0 }, as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    let written = lines.filter { $0 == line.dropLast() }.count
    // Each notice is a warning in the log's format.
    let notices = try lines.filter { $0 != line.dropLast() }.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String])
    }
    #expect(notices.allSatisfy { $0["level"] == "warning" && $0["message"]?.hasPrefix("Dropped log lines") == true })
    let dropped = notices.compactMap { $0["dropped"].flatMap { Int($0) } }.reduce(0, +)
    #expect(written + notices.count == lines.count)
    #expect(dropped > 0)
    #expect(written + dropped == sent)
  }

  @Test func closingGivesUpOnAnOutputThatStaysStalled() throws {
    let pipe = Pipe()
    let writer = LogWriter(descriptor: pipe.fileHandleForWriting.fileDescriptor, closeTimeout: .milliseconds(50))
    // Nobody ever reads: the writer thread blocks in write(2) once the pipe is full.
    let line = String(repeating: "x", count: 99) + "\n"
    for _ in 0..<2_000 { writer.write(line) }
    let start = ContinuousClock.now
    writer.close()
    #expect(start.duration(to: .now) < .seconds(30))
    // Once the output moves again, every line still arrives: the writer thread kept them.
    let data = pipe.fileHandleForReading.readData(ofLength: 2_000 * line.utf8.count)
    #expect(data == Data(String(repeating: line, count: 2_000).utf8))
  }
}

/// What the reading thread read.
private final class Received: Sendable {
  let data = Mutex(Data())
}
