import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import SignupFeature

/// `/live/signup`: the WebSocket that binds a Signup page to a screen running on the server.
///
/// Inbound text messages are user events (``LiveEvent``); outbound ones are states to show or errors.
/// One screen per connection, released when the socket closes. A bad message gets an error message
/// on the socket and a log line without its content; it never ends the connection or the screen.
struct LiveSignupController: Sendable {
  let configuration: AppConfiguration
  let signupAPI: SignupAPI
  let clock: any Clock<Duration>
  let logger: Logger

  func addRoutes(to router: Router<BasicWebSocketRequestContext>) {
    router.ws(
      "/live/signup",
      shouldUpgrade: { request, _ in
        // Refuse an unknown engine before upgrading, with a plain HTTP error.
        _ = try PageRequest(request)
        return .upgrade([:])
      },
      onUpgrade: { inbound, outbound, context in
        let page = try PageRequest(context.request)
        try await run(page, inbound: inbound, outbound: outbound)
      }
    )
  }

  private func run(_ page: PageRequest, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
    let messages = SignupMessages(page.language)
    let validation = ValidationService(api: signupAPI, messages: messages)
    let session = LiveSignupSession(
      screen: await page.architecture.makeScreen(validation: validation),
      messages: messages,
      usernameThrottle: configuration.usernameThrottle,
      clock: clock
    )
    // One writer: states and errors go out in order through one buffer that keeps the newest, so a
    // slow page skips intermediate states but always ends on the latest.
    let (outgoing, send) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(32))
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        for try await text in outgoing { try await outbound.write(.text(text)) }
      }
      group.addTask {
        for await state in session.screen.states { send.yield(LiveOutput.state(state, messages: messages)) }
      }
      defer { group.cancelAll() }
      for try await message in inbound.messages(maxSize: 64 * 1024) {
        do throws(LiveInputError) {
          let action = try Self.action(from: message, configuration: configuration)
          session.handle(action)
        } catch {
          logger.notice("Refused a live Signup message", metadata: ["reason": "\(error)"])
          send.yield(LiveOutput.failure(error))
        }
      }
      send.finish()
    }
  }

  private static func action(from message: WebSocketMessage, configuration: AppConfiguration) throws(LiveInputError)
    -> SignupReactor.Action
  {
    guard case .text(let text) = message else { throw .binary }
    return try LiveEvent.signupAction(
      from: text, maxBytes: configuration.maxLiveMessageBytes, maxCharacters: configuration.maxFieldCharacters)
  }
}
