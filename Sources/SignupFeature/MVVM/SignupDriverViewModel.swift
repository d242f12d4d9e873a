import OctoreactCore
public import OctoreactMVVM

/// The Signup screen's view model in the "Driver" flavour (RxExample's `GithubSignupViewModel2`).
///
/// The same transformations as ``SignupViewModel``: RxCocoa's `Driver` is a guarantee about delivery
/// (main actor, never fails, latest value replayed), not different logic, so this view model
/// delivers that view model's outputs through ``Driver``s instead of writing them again.
@MainActor
public final class SignupDriverViewModel {
  public let validatedUsername: Driver<ValidationResult>
  public let validatedPassword: Driver<ValidationResult>
  public let validatedPasswordRepeated: Driver<ValidationResult>
  public let signupEnabled: Driver<Bool>
  public let signingIn: Driver<Bool>
  public let checkingUsername: Driver<Bool>
  public let networkActive: Driver<Bool>
  public let signedIn: Driver<Bool>
  public let accountToOpen: Driver<String?>
  private let streams: SignupViewModel

  public init(input: SignupViewModel.Input, validation: ValidationService, wireframe: any Wireframe) {
    streams = SignupViewModel(input: input, validation: validation, wireframe: wireframe)
    validatedUsername = Driver(streams.validatedUsername.values())
    validatedPassword = Driver(streams.validatedPassword.values())
    validatedPasswordRepeated = Driver(streams.validatedPasswordRepeated.values())
    signupEnabled = Driver(streams.signupEnabled.values())
    signingIn = Driver(streams.signingIn.values())
    checkingUsername = Driver(streams.checkingUsername.values())
    networkActive = Driver(streams.networkActive.values())
    signedIn = Driver(streams.signedIn)
    accountToOpen = Driver(streams.accountToOpen.values())
  }
}
