import Testing

@testable import RepositoryIndex

@Suite("FullNameTable")
struct FullNameTableTests {
  @Test func namesAreFoundWhateverTheirLetterCase() {
    let table = FullNameTable(capacity: 4)
    table.setID(-1, for: "Apple/Swift-NIO")
    #expect(table.id(of: "apple/swift-nio") == -1)
    #expect(table.id(of: "APPLE/SWIFT-NIO") == -1)
    #expect(table.id(of: "apple/swift") == nil)
    #expect(table.id(of: "apple/swift-ni") == nil)
  }

  @Test func insertIfAbsentReturnsTheIdAlreadyThere() {
    let table = FullNameTable(capacity: 4)
    var line = "a/b"
    line.withUTF8 { bytes in
      #expect(table.insert(-5, ifAbsent: bytes) == nil)
      #expect(table.insert(-6, ifAbsent: bytes) == -5)
    }
    #expect(table.id(of: "A/B") == -5)
  }

  @Test func removedNamesAreGoneAndCanComeBack() {
    let table = FullNameTable(capacity: 4)
    table.setID(1, for: "a/one")
    table.setID(2, for: "a/two")
    table.removeID(for: "A/ONE")
    #expect(table.id(of: "a/one") == nil)
    #expect(table.id(of: "a/two") == 2)
    table.setID(3, for: "a/one")
    #expect(table.id(of: "a/one") == 3)
  }

  @Test func theTableGrowsPastItsCapacity() {
    let table = FullNameTable(capacity: 1)
    for index in 0..<5_000 { table.setID(Int64(index), for: "owner\(index % 13)/name-\(index)") }
    table.removeID(for: "owner0/name-0")
    #expect(table.id(of: "owner0/name-0") == nil)
    #expect((1..<5_000).allSatisfy { table.id(of: "OWNER\($0 % 13)/NAME-\($0)") == Int64($0) })
  }
}
