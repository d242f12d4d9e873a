/// The names of the stored properties that differ between two values of one type, in declaration order,
/// as a state marble names them (`username, isCheckingUsername`).
///
/// It reads both values through `Mirror` and compares each property's description: slow, and only an
/// inspected session pays for it. A value that is not a struct or class with labelled properties is
/// named whole (`value`) when it changed.
func changedFields<Value>(from old: Value, to new: Value) -> [String] {
  let newFields = Mirror(reflecting: new).children
  let oldFields = Mirror(reflecting: old).children
  guard !newFields.isEmpty, newFields.count == oldFields.count else {
    return String(describing: old) == String(describing: new) ? [] : ["value"]
  }
  return zip(oldFields, newFields).compactMap { old, new in
    String(describing: old.value) == String(describing: new.value) ? nil : new.label
  }
}
