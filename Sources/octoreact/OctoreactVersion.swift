/// The version of Octoreact, printed by `octoreact --version` and shown on the documentation's landing
/// page (`scripts/build-docs` reads it here): defined here only. CHANGELOG.md has an entry for it.
enum OctoreactVersion {
  static let current = "0.16.0"
}
