// The floor `GET /users/{name}` is measured against (issue 23): a bare Hummingbird application with one
// route answering the body Octoreact's route answers for an account, with nothing else (no limits, no
// log line, no metrics, no security headers, no connection guard).
//
// It takes the arguments `Benchmarks/ServerLoad/compare.sh` passes to `octoreact serve` (`--host`,
// `--port`; the rest are ignored) and prints the line the script waits for, so the script runs it as
// either side:
//
//     OCTOREACT_BENCHMARKS=1 swift build -c release --scratch-path .build-release --product bare-users-route
//     Benchmarks/ServerLoad/compare.sh .build-release/release/bare-users-route \
//       .build-release/release/octoreact 6 6
import Foundation
import Hummingbird
import Logging
import NIOCore

let arguments = CommandLine.arguments
if arguments.contains("--help") {
  print("usage: bare-users-route [serve] [--host HOST] [--port PORT] (other options are ignored)")
  exit(0)
}
func option(_ name: String, default value: String) -> String {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return value }
  return arguments[index + 1]
}
let host = option("--host", default: "127.0.0.1")
guard let port = Int(option("--port", default: "8080")), (0...65_535).contains(port) else {
  fatalError("--port takes a port number")
}

// Octoreact's body for a new account (`UsersController.userJSON`), with the same field order and length
// (the script binds port 0, so its URLs have an ephemeral port of five digits).
let body = ByteBuffer(
  string: #"{"login":"octocat","id":1,"url":"http://127.0.0.1:40000/users/octocat","#
    + #""html_url":"http://127.0.0.1:40000/octocat","type":"User","created_at":"2026-11-29T05:00:00Z"}"#)
let headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]

let router = Router()
router.get("users/{username}") { _, _ in
  Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
}
router.post("users") { _, _ in
  Response(status: .created, headers: headers, body: ResponseBody(byteBuffer: body))
}
let app = Application(
  router: router,
  configuration: .init(address: .hostname(host, port: port), serverName: "bare-users-route"),
  onServerRunning: { channel in
    // Unbuffered: the line a script waits for, with standard output a file.
    let line = "bare-users-route running at http://\(host):\(channel.localAddress?.port ?? port)\n"
    FileHandle.standardOutput.write(Data(line.utf8))
  },
  logger: {
    var logger = Logger(label: "bare-users-route")
    logger.logLevel = .warning
    return logger
  }()
)
try await app.runService()
