import CounterFeature
import Foundation
import OctoreactCore

// A terminal view of the counter: each argument is a tap (`+` or `-`), each state a line.
// `swift run counter + + -` prints the states as they come and ends with the value 1.
let taps = CommandLine.arguments.dropFirst()
guard taps.allSatisfy({ $0 == "+" || $0 == "-" }) else {
  print("usage: counter [+|-]...   (each argument taps increase or decrease)")
  exit(2)
}

let store = ReactorStore(CounterReactor(clock: ContinuousClock()))
let observation = store.observe { state in
  print("value \(state.value)\(state.isLoading ? "  (loading…)" : "")")
}
for tap in taps {
  store.send(tap == "+" ? .increase : .decrease)
  // As a person would: the next tap once the spinner is gone.
  for await state in store.states where !state.isLoading { break }
}
observation.cancel()
