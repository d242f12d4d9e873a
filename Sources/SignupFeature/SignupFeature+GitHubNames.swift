// `UsernameRules` lives in `GitHubNames`, which the repository index shares (an owner of a repository is a
// username), and is part of this module's interface: importing SignupFeature keeps giving it.
@_exported public import GitHubNames
