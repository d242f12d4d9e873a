import Observation

/// Waits for the next change of what `read` reads; the change is applied when this returns.
@MainActor
func nextChange(_ read: () -> Void) async {
  await withCheckedContinuation { continuation in
    withObservationTracking(read, onChange: { continuation.resume() })
  }
}
