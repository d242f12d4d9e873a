import ArgumentParser
import Foundation

/// Options read from `OCTOREACT_*` environment variables: each option not given on the command line is
/// fed to the parser from the variable named after it (`--rate-limit` ↔ `OCTOREACT_RATE_LIMIT`).
///
/// **Contract**: the command line wins; an empty variable counts as unset. Options taking a value get the
/// variable's value; flags take `true`/`false` (also `1`/`0`, `yes`/`no`, `on`/`off`), `false` giving the
/// `--no-` form when the flag has one; repeatable options take a comma-separated list. The options come
/// from the command's own definition (swift-argument-parser's help dump), so a new option is readable
/// from the environment without more code. A value the parser or `validate()` refuses is reported
/// naming the variable, not the option; the value of a variable that may hold a secret (a token, a
/// password, a URL with credentials) is never repeated.
enum EnvironmentOptions {
  /// The prefix of every variable.
  static let prefix = "OCTOREACT_"

  /// One option set from the environment.
  struct Setting: Equatable {
    var variable: String
    /// The option's long name, without dashes.
    var option: String
    var value: String
    /// What the parser is given for it.
    var arguments: [String]

    /// Whether the value may be a secret, so that no message repeats it.
    var isSecret: Bool {
      ["TOKEN", "PASSWORD", "SECRET"].contains { variable.contains($0) }
        || (value.contains("://") && value.contains("@"))
    }
  }

  /// `OCTOREACT_` and `option` upper-cased with `-` → `_`: `rate-limit` → `OCTOREACT_RATE_LIMIT`.
  static func variable(for option: String) -> String {
    prefix + option.uppercased().replacingOccurrences(of: "-", with: "_")
  }

  /// The settings for `command`'s options that `arguments` (its command line) does not give.
  static func settings(
    for command: any ParsableCommand.Type, given arguments: [String], environment: [String: String]
  ) throws -> [Setting] {
    let given = givenNames(in: arguments)
    var settings: [Setting] = []
    for option in try options(of: command) {
      guard !option.names.contains(where: given.contains) else { continue }
      let variable = variable(for: option.name)
      guard let value = environment[variable], !value.isEmpty else { continue }
      var setting = Setting(variable: variable, option: option.name, value: value, arguments: [])
      switch option.kind {
      case .value(let repeating):
        let values = repeating ? value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : [value]
        // `--name=value`: a value such as `-1` would otherwise be taken for an option.
        setting.arguments = values.filter { !$0.isEmpty }.map { "--\(option.name)=\($0)" }
      case .flag(let inverted):
        switch value.lowercased() {
        case "true", "1", "yes", "on": setting.arguments = ["--\(option.name)"]
        case "false", "0", "no", "off": setting.arguments = inverted.map { ["--\($0)"] } ?? []
        default:
          throw ValidationError("\(variable) must be true or false (or 1 or 0, yes or no, on or off)")
        }
      }
      settings.append(setting)
    }
    return settings
  }

  /// `arguments` with the settings' arguments added (before a `--`, after which all is positional).
  static func arguments(_ arguments: [String], adding settings: [Setting]) -> [String] {
    let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
    return Array(arguments[..<end]) + settings.flatMap(\.arguments) + arguments[end...]
  }

  /// The error to report when parsing `arguments` with `settings` failed with `error`: the command line's
  /// own error if it has one, else the first setting refused on its own, named by its variable, else
  /// `error` with the variables that were set.
  static func attribute(
    _ error: any Error, arguments: [String], settings: [Setting], parse: ([String]) throws -> Void
  ) -> any Error {
    guard !settings.isEmpty else { return error }
    do { try parse(arguments) } catch let commandLineError { return commandLineError }
    for setting in settings {
      do {
        try parse(Self.arguments(arguments, adding: [setting]))
      } catch {
        return ValidationError("\(setting.variable) (from the environment): \(describe(error, of: setting))")
      }
    }
    let variables = settings.map(\.variable).joined(separator: ", ")
    return ValidationError("\(Octoreact.message(for: error)) (with \(variables) from the environment)")
  }

  /// The parser's message for `error`, with the variable in place of the option and no secret value.
  static func describe(_ error: any Error, of setting: Setting) -> String {
    var message = Octoreact.message(for: error)
    if setting.isSecret { message = message.replacingOccurrences(of: setting.value, with: "(hidden)") }
    // `'--port <port>'` and `--port` alike become the variable's name.
    let pattern = "--\(setting.option)(?![A-Za-z0-9-])( <[^>]*>)?"
    return message.replacingOccurrences(of: pattern, with: setting.variable, options: .regularExpression)
  }

  /// The long names in `arguments` before a `--` (`--name` and `--name=value`).
  private static func givenNames(in arguments: [String]) -> Set<String> {
    var names: Set<String> = []
    for argument in arguments {
      if argument == "--" { break }
      guard argument.hasPrefix("--") else { continue }
      names.insert(String(argument.dropFirst(2).prefix { $0 != "=" }))
    }
    return names
  }
}
