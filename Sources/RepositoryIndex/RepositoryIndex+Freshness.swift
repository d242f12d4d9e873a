internal import DatabaseFile

/// Keeping the search cache true to the file when other processes write it.
///
/// `octoreact index import` (or `index sync`) may write the file while a server searches it. The
/// server's cache knows only its own writes, so before a search trusts it, the file's data version is
/// read (see `CommitWatcher`): any commit by another connection since the last search empties it.
///
/// **Fresh:** a search sees every import committed before it began, in this process or another; the
/// check is one cheap statement per search, so "within a second" holds with nothing to tune.
extension RepositoryIndex {
  /// Empties the search cache when anything committed to the file since the last check.
  func forgetCacheIfFileChanged() throws(RepositoryIndexError) {
    guard let commits else { return }
    try beginOperation()
    defer { endOperation() }
    do {
      if try commits.hasChangedSinceLastCheck() { cache.removeAll() }
    } catch {
      throw Self.translate(error)
    }
  }
}
