import Hummingbird
import OctoreactCore
import SearchFeature
import SignupFeature

/// A screen that a live page binds to: one is made per WebSocket connection and released when the socket closes.
///
/// A conformance says what is particular to its screen; ``LiveRoute`` does the rest for every screen
/// (the page at `/<name>`, the socket at `/live/<name>`, its limits, the drain and the metrics). On a page opened with
/// `?inspect`, the screen reports its engine's events to ``LiveScreenContext/inspector`` and gives it the
/// session's recording (``LiveInspector/keepRecording(of:)``).
///
/// A new screen is a type conforming to this protocol, its first paint and its script, and one line that adds
/// it to the router (`live.add(MyScreen.self, to: router)` in `Application+Build.swift`).
protocol LiveScreen: Sendable {
  associatedtype Action: Sendable
  associatedtype State: Sendable

  /// The screen's path component (its page `/<name>`, its socket `/live/<name>`) and its `screen` label in the metrics.
  static var name: String { get }
  /// The engines a page may ask for with `?engine=`, the first one the default; each a metrics label.
  static var engines: [String] { get }

  /// The page's HTML before it connects, in the page's language, which the page's script then binds to the screen.
  static func firstPaint(of request: Request, _ page: PageRequest, configuration: AppConfiguration) -> String
  /// The screen for one page, on the engine it asks for (``PageRequest/engine``, one of ``engines``).
  init(_ context: LiveScreenContext) async
  /// The action one of the page's messages asks for, or why the message is refused.
  static func action(from message: LiveInput) throws(LiveInputError) -> Action
  /// Passes one of the page's actions to the screen, with the page's binding rules (such as a throttle).
  func handle(_ action: Action)
  /// Calls `observer` with the current state, then with each new one, synchronously where the screen
  /// makes it, until the observation is cancelled.
  func observe(_ observer: @escaping @Sendable (State) -> Void) -> BroadcastObservation
  /// The message that shows `state` on a page whose last message showed `previous` (`nil` for the first).
  func render(_ state: State, after previous: State?) -> String
  /// The screen's effect tasks running now, read when `/metrics` is scraped; `nil` when it has none
  /// to count (a view model).
  var runningTaskCount: Int? { get }
}

/// What a live screen is made from: its page's request, whose budgets it spends, and the server's services.
struct LiveScreenContext: Sendable {
  /// The page's language and engine.
  let page: PageRequest
  /// The client the page's requests are counted against (``RateLimiter/client(peer:headers:)``).
  let client: String
  /// The page's inspector, when it was opened with `?inspect`: the screen reports its engine's events.
  let inspector: LiveInspector?
  /// The services, behind one reference: the context is held while the screen is made, in the frames of
  /// the connection's task.
  let route: LiveRoute

  var clock: any Clock<Duration> { route.clock }
  var configuration: AppConfiguration { route.configuration }
  /// The API a Signup screen asks, spending the page's client's budgets.
  var signupAPI: SignupAPI { route.signupAPI(for: client) }
  /// The search client of a Search screen, spending the page's client's budgets.
  var searchClient: RepositorySearchClient { route.searchClient(for: client) }
}
