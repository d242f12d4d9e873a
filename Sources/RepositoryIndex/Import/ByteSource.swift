internal import Foundation

/// Where an import reads its bytes: a file, read in chunks, or bytes in memory.
enum ByteSource {
  case file(FileHandle, path: String, size: Int64)
  case memory([UInt8])

  /// The size of a chunk read from a file.
  static let chunkSize = 1 << 20

  /// Opens `url` for reading, with errors that say why it cannot be read.
  static func open(_ url: URL) throws(RepositoryIndexError) -> ByteSource {
    let path = url.path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw .cannotRead(file: path, reason: "no such file")
    }
    guard !isFolder.boolValue else { throw .cannotRead(file: path, reason: "it is a folder") }
    do {
      let handle = try FileHandle(forReadingFrom: url)
      let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
      return .file(handle, path: path, size: size)
    } catch {
      throw .cannotRead(file: path, reason: RepositoryIndex.reason(error))
    }
  }

  var size: Int64 {
    switch self {
    case .file(_, _, let size): size
    case .memory(let bytes): Int64(bytes.count)
    }
  }

  /// The first `count` bytes (or fewer), leaving the source at its start.
  func prefix(_ count: Int) throws -> [UInt8] {
    switch self {
    case .file(let handle, let path, _):
      return try Self.reading(path) {
        let bytes = [UInt8](try handle.read(upToCount: count) ?? Data())
        try handle.seek(toOffset: 0)
        return bytes
      }
    case .memory(let bytes):
      return Array(bytes.prefix(count))
    }
  }

  /// The number of lines (an upper bound of the records), leaving the source at its start.
  func countLines() throws -> Int {
    switch self {
    case .file(let handle, let path, _):
      return try Self.reading(path) {
        var count = 1
        while let chunk = try handle.read(upToCount: Self.chunkSize), !chunk.isEmpty {
          count += chunk.withUnsafeBytes { Self.newlines(in: $0) }
        }
        try handle.seek(toOffset: 0)
        return count
      }
    case .memory(let bytes):
      return bytes.withUnsafeBytes { Self.newlines(in: $0) } + 1
    }
  }

  private static func newlines(in buffer: UnsafeRawBufferPointer) -> Int {
    guard var position = buffer.baseAddress else { return 0 }
    let end = position + buffer.count
    var count = 0
    while position < end, let found = memchr(position, Int32(UInt8(ascii: "\n")), end - position) {
      count += 1
      position = UnsafeRawPointer(found) + 1
    }
    return count
  }

  /// Reads everything (for JSON documents, decoded as a whole).
  func readAll() throws -> [UInt8] {
    switch self {
    case .file(let handle, let path, _): try Self.reading(path) { [UInt8](try handle.readToEnd() ?? Data()) }
    case .memory(let bytes): bytes
    }
  }

  func close() {
    if case .file(let handle, _, _) = self { try? handle.close() }
  }

  /// Runs `body`, turning its errors into ``RepositoryIndexError/cannotRead(file:reason:)``.
  static func reading<T>(_ path: String, _ body: () throws -> T) throws(RepositoryIndexError) -> T {
    do {
      return try body()
    } catch {
      throw .cannotRead(file: path, reason: RepositoryIndex.reason(error))
    }
  }
}

/// Splits a byte source into lines without loading it whole.
final class LineReader {
  /// A longer line is skipped and reported.
  static let maximumLineLength = 1 << 20

  private let source: ByteSource
  /// Bytes read from the source, up to a chunk ahead of the lines passed on.
  private(set) var bytesRead: Int64 = 0
  /// Bytes up to the end of the last line passed on, for progress: a chunk is 1 MiB, so the bytes read
  /// would run up to a chunk ahead (the last chunk of a 5 MiB file would show as 100 % at 80 %).
  private(set) var bytesConsumed: Int64 = 0

  init(source: ByteSource) {
    self.source = source
  }

  /// Calls `body` with each line's number (from 1) and bytes, without the line break. A line
  /// longer than ``maximumLineLength`` is passed as nil.
  func forEachLine(_ body: (Int, UnsafeBufferPointer<UInt8>?) throws -> Void) throws {
    var lineNumber = 0
    switch source {
    case .memory(let bytes):
      bytesRead = Int64(bytes.count)
      try bytes.withUnsafeBufferPointer { buffer in
        let end = try Self.splitLines(buffer, isLast: true, lineNumber: &lineNumber) { number, line in
          bytesConsumed = Self.end(of: line, in: buffer, at: 0) ?? bytesConsumed
          try body(number, line)
        }
        precondition(end == buffer.count)
      }
    case .file(let handle, let path, _):
      var pending: [UInt8] = []
      var isSkippingLongLine = false
      while true {
        let chunk = try ByteSource.reading(path) { try handle.read(upToCount: Self.chunkSize) ?? Data() }
        bytesRead += Int64(chunk.count)
        let isLast = chunk.isEmpty
        pending.append(contentsOf: chunk)
        if isSkippingLongLine {
          // Drop the rest of an overlong line, up to its line break.
          guard let newline = pending.firstIndex(of: UInt8(ascii: "\n")) else {
            pending.removeAll(keepingCapacity: true)
            if isLast { break } else { continue }
          }
          pending.removeSubrange(...newline)
          isSkippingLongLine = false
        }
        let pendingOffset = bytesRead - Int64(pending.count)
        let consumed = try pending.withUnsafeBufferPointer { buffer in
          try Self.splitLines(buffer, isLast: isLast, lineNumber: &lineNumber) { number, line in
            bytesConsumed = Self.end(of: line, in: buffer, at: pendingOffset) ?? bytesConsumed
            try body(number, line)
          }
        }
        pending.removeSubrange(..<consumed)
        if pending.count > Self.maximumLineLength {
          lineNumber += 1
          try body(lineNumber, nil)
          pending.removeAll(keepingCapacity: true)
          isSkippingLongLine = true
        }
        if isLast { break }
      }
    }
  }

  private static var chunkSize: Int { ByteSource.chunkSize }

  /// The offset in the source just past `line` (its line break not counted), where `buffer` starts at
  /// `offset`; nil for an overlong line, which is passed as nil.
  private static func end(
    of line: UnsafeBufferPointer<UInt8>?, in buffer: UnsafeBufferPointer<UInt8>, at offset: Int64
  ) -> Int64? {
    guard let start = line?.baseAddress, let base = buffer.baseAddress, let count = line?.count else { return nil }
    return offset + Int64(start - base + count)
  }

  /// Passes each complete line of `buffer` to `body` (and the unterminated last one when
  /// `isLast`); returns the number of bytes consumed.
  private static func splitLines(
    _ buffer: UnsafeBufferPointer<UInt8>,
    isLast: Bool,
    lineNumber: inout Int,
    _ body: (Int, UnsafeBufferPointer<UInt8>?) throws -> Void
  ) throws -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    var start = 0
    while start < buffer.count {
      guard let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start) else {
        guard isLast else { return start }
        lineNumber += 1
        try body(lineNumber, line(buffer, start..<buffer.count))
        return buffer.count
      }
      let newline = UnsafeRawPointer(found) - UnsafeRawPointer(base)
      lineNumber += 1
      try body(lineNumber, line(buffer, start..<newline))
      start = newline + 1
    }
    return start
  }

  private static func line(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UnsafeBufferPointer<UInt8>? {
    var range = range
    if range.count > maximumLineLength { return nil }
    if let last = range.last, buffer[last] == UInt8(ascii: "\r") { range = range.dropLast() }
    return UnsafeBufferPointer(rebasing: buffer[range])
  }
}
