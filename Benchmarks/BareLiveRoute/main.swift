// The floor a live page's memory and keystroke cost are measured against (issue 23): a bare Hummingbird
// application with one WebSocket route at `/live/signup`, upgraded through hummingbird-websocket's router
// as Octoreact's live route is, whose handler reads the page's messages and answers each with a canned
// state message of the size of a real one (the tone `keystrokes.py` expects), with nothing else (no
// screen, no writer task, no limits, no deadlines, no drain, no metrics).
//
// It takes the arguments `Benchmarks/ServerLoad/keystrokes.py` passes to `octoreact serve` (`--host`,
// `--port`; the rest are ignored) and prints the line the script waits for, so the script runs it as the
// server:
//
//     OCTOREACT_BENCHMARKS=1 swift build -c release --scratch-path .build-release --product bare-live-route
//     Benchmarks/ServerLoad/keystrokes.py --client c --sessions 10000 --rate 1 --duration 30 \
//       --binary .build-release/release/bare-live-route
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging

let arguments = CommandLine.arguments
if arguments.contains("--help") {
  print("usage: bare-live-route [serve] [--host HOST] [--port PORT] (other options are ignored)")
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

// A Signup state message as Octoreact's screen sends it for a password too short ("abc") or long enough.
func state(password message: String, tone: String) -> String {
  #"{"alert":null,"password":{"message":"\#(message)","tone":"\#(tone)"},"#
    + #""repeatedPassword":{"message":"","tone":"neutral"},"signingUp":false,"signupEnabled":false,"#
    + #""type":"state","username":{"message":"","tone":"neutral"}}"#
}
let tooShort = state(password: "Password must be at least 5 characters", tone: "failure")
let longEnough = state(password: "Password is long enough", tone: "success")

let router = Router(context: BasicWebSocketRequestContext.self)
router.ws("/live/signup") { inbound, outbound, _ in
  try await outbound.write(.text(tooShort))
  for try await message in inbound.messages(maxSize: 64 * 1024) {
    guard case .text(let text) = message else { continue }
    try await outbound.write(.text(text.contains(#""abcdef""#) ? longEnough : tooShort))
  }
}
let app = Application(
  router: router,
  server: .http1WebSocketUpgrade(
    webSocketRouter: router, configuration: .init(ws: .init(maxFrameSize: 64 * 1024, autoPing: .disabled))),
  configuration: .init(address: .hostname(host, port: port), serverName: "bare-live-route"),
  onServerRunning: { channel in
    // Unbuffered: the line a script waits for, with standard output a pipe.
    let line = "bare-live-route running at http://\(host):\(channel.localAddress?.port ?? port)\n"
    FileHandle.standardOutput.write(Data(line.utf8))
  },
  logger: {
    var logger = Logger(label: "bare-live-route")
    logger.logLevel = .warning
    return logger
  }()
)
try await app.runService()
