public import Clocks
public import OctoreactCore

extension ReactorStore {
  /// Records this store's states, timestamped in `clock`'s virtual time.
  public func record(clock: TestClock<Duration>) -> StateRecorder<R.State> {
    StateRecorder(states, clock: clock)
  }
}
