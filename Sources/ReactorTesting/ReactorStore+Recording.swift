public import Clocks
public import ReactorCore

extension ReactorStore {
  /// Records this store's states, timestamped in `clock`'s virtual time.
  public func record(clock: TestClock<Duration>) -> StateRecorder<R.State> {
    StateRecorder(states, clock: clock)
  }
}
