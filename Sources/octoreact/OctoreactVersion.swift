/// The version of Octoreact, printed by `octoreact --version`: defined here only.
enum OctoreactVersion {
  static let current = "0.13.0"
}
