/// The id of each full name, ignoring ASCII letter case: what a bulk import consults instead of
/// the unique `full_name` index it has dropped.
///
/// A `[String: Int64]` of a million names spent a fifth of the reading phase allocating,
/// hashing, comparing and freeing a string per name. This table copies each name's folded
/// bytes once into one buffer and keeps, per slot, the name's hash (compared before any byte),
/// where its bytes are and its id: open addressing with linear probing, at most half full.
/// Hashes come from the standard `Hasher`, seeded per process, so that no file can be crafted to
/// make every name collide. A line of a name list costs one probe: ``insert(_:ifAbsent:)``.
///
/// Removing a name leaves its slot in place, marked removed (probe sequences run through it);
/// the same name set again takes it back. Removals are rare: renames in GitHub objects. Names
/// take at most 4 GiB in all (over a hundred million of them).
final class FullNameTable {
  private struct Slot {
    /// The name's hash, never 0; 0 for an empty slot.
    var hash: UInt64
    var id: Int64
    /// Where the name's folded bytes are in `bytes`.
    var offset: UInt32
    var length: UInt32
  }

  /// The id of a removed name.
  private static let removed = Int64.min

  private var slots: UnsafeMutableBufferPointer<Slot>
  /// Slots in use, removed ones included.
  private var used = 0
  /// The folded bytes of every name, one after another, then those of the name being looked up.
  private var bytes: UnsafeMutableBufferPointer<UInt8>
  /// The bytes of the names in `slots`.
  private var bytesUsed = 0

  /// A table for `capacity` names without growing.
  init(capacity: Int) {
    var slotCount = 16
    while slotCount < capacity * 2 { slotCount *= 2 }
    slots = Self.emptySlots(count: slotCount)
    bytes = .allocate(capacity: max(capacity, 1) * 32)
  }

  deinit {
    slots.deallocate()
    bytes.deallocate()
  }

  /// The id of `fullName` (any letter case), if present.
  func id(of fullName: UnsafeBufferPointer<UInt8>) -> Int64? {
    let (index, _, found) = find(fullName)
    guard found, slots[index].id != Self.removed else { return nil }
    return slots[index].id
  }

  /// The id of `fullName` (any letter case) if present; otherwise records `id` as its id and
  /// returns nil.
  func insert(_ id: Int64, ifAbsent fullName: UnsafeBufferPointer<UInt8>) -> Int64? {
    let (index, hash, found) = find(fullName)
    if found, slots[index].id != Self.removed { return slots[index].id }
    store(id, at: index, hash: hash, found: found, length: fullName.count)
    return nil
  }

  /// Records `id` as the id of `fullName` (any letter case).
  func setID(_ id: Int64, for fullName: UnsafeBufferPointer<UInt8>) {
    let (index, hash, found) = find(fullName)
    store(id, at: index, hash: hash, found: found, length: fullName.count)
  }

  /// Forgets `fullName` (any letter case).
  func removeID(for fullName: UnsafeBufferPointer<UInt8>) {
    let (index, _, found) = find(fullName)
    if found { slots[index].id = Self.removed }
  }

  func id(of fullName: String) -> Int64? {
    var fullName = fullName
    return fullName.withUTF8 { id(of: $0) }
  }

  func setID(_ id: Int64, for fullName: String) {
    var fullName = fullName
    fullName.withUTF8 { setID(id, for: $0) }
  }

  func removeID(for fullName: String) {
    var fullName = fullName
    fullName.withUTF8 { removeID(for: $0) }
  }

  // MARK: - Private

  /// Folds `fullName` into the bytes after `bytesUsed` and finds its slot: the one holding it,
  /// or the empty one where it belongs.
  private func find(_ fullName: UnsafeBufferPointer<UInt8>) -> (index: Int, hash: UInt64, found: Bool) {
    if bytesUsed + fullName.count > bytes.count { growBytes(toHold: fullName.count) }
    let bytes = bytes
    let key = UnsafeMutableBufferPointer(rebasing: bytes[bytesUsed..<bytesUsed + fullName.count])
    for (offset, byte) in fullName.enumerated() { key[offset] = NameBytes.lowercased(byte) }
    var hasher = Hasher()
    hasher.combine(bytes: UnsafeRawBufferPointer(key))
    let hash = UInt64(bitPattern: Int64(hasher.finalize())) | 1

    let slots = slots
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while slots[index].hash != 0 {
      let slot = slots[index]
      if slot.hash == hash, Int(slot.length) == key.count,
        bytes[Int(slot.offset)..<Int(slot.offset) + key.count].elementsEqual(key)
      {
        return (index, hash, true)
      }
      index = (index + 1) & mask
    }
    return (index, hash, false)
  }

  /// Stores `id` at `index`, found by ``find(_:)``: in the name's slot, or as a new name whose
  /// folded bytes `find` left after `bytesUsed`.
  private func store(_ id: Int64, at index: Int, hash: UInt64, found: Bool, length: Int) {
    guard !found else {
      slots[index].id = id
      return
    }
    slots[index] = Slot(hash: hash, id: id, offset: UInt32(bytesUsed), length: UInt32(length))
    bytesUsed += length
    used += 1
    if used * 2 > slots.count { growSlots() }
  }

  /// Doubles the slots, moving every name that is not removed.
  private func growSlots() {
    let old = slots
    defer { old.deallocate() }
    let slots = Self.emptySlots(count: old.count * 2)
    let mask = slots.count - 1
    used = 0
    for slot in old where slot.hash != 0 && slot.id != Self.removed {
      var index = Int(truncatingIfNeeded: slot.hash) & mask
      while slots[index].hash != 0 { index = (index + 1) & mask }
      slots[index] = slot
      used += 1
    }
    self.slots = slots
  }

  /// Makes room for `count` more bytes, keeping those in use.
  private func growBytes(toHold count: Int) {
    let old = bytes
    defer { old.deallocate() }
    bytes = .allocate(capacity: max(old.count * 2, bytesUsed + count))
    _ = bytes.initialize(from: old[..<bytesUsed])
  }

  private static func emptySlots(count: Int) -> UnsafeMutableBufferPointer<Slot> {
    let slots = UnsafeMutableBufferPointer<Slot>.allocate(capacity: count)
    slots.initialize(repeating: Slot(hash: 0, id: 0, offset: 0, length: 0))
    return slots
  }
}
