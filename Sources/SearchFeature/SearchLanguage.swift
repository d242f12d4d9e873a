/// The languages the Search screen speaks.
///
/// The same languages and tags as the Signup screen's `SignupLanguage`, defined here so SearchFeature
/// does not depend on SignupFeature: a front end maps one to the other by ``rawValue``.
public enum SearchLanguage: String, Sendable, Hashable, CaseIterable {
  /// English.
  case english = "en"
  /// Simplified Chinese, in the wording of the Chinese write-ups of the examples.
  case simplifiedChinese = "zh-Hans"

  /// The language for a BCP 47 tag such as `zh`, `zh-Hans`, `zh-CN` or `en-GB`; English otherwise.
  public init(languageTag: String) {
    let tag = languageTag.lowercased()
    let traditional = ["zh-hant", "zh-tw", "zh-hk", "zh-mo"]
    if tag == "zh" || (tag.hasPrefix("zh-") && !traditional.contains(where: { tag.hasPrefix($0) })) {
      self = .simplifiedChinese
    } else {
      self = .english
    }
  }
}
