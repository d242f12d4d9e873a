import GitHubClient
import Testing

struct LinkHeaderTests {
  static let githubHeader =
    #"<https://api.github.com/search/repositories?q=x&page=2>; rel="next", "#
    + #"<https://api.github.com/search/repositories?q=x&page=34>; rel="last""#

  @Test func parsesGitHubsHeader() {
    let header = LinkHeader(parsing: Self.githubHeader)

    #expect(
      header.links == [
        LinkHeader.Link(target: "https://api.github.com/search/repositories?q=x&page=2", relations: ["next"]),
        LinkHeader.Link(target: "https://api.github.com/search/repositories?q=x&page=34", relations: ["last"]),
      ])
    #expect(header.target(rel: "next") == "https://api.github.com/search/repositories?q=x&page=2")
    #expect(header.target(rel: "prev") == nil)
  }

  @Test func formatsGitHubsHeaderExactly() {
    let header = LinkHeader(links: [
      LinkHeader.Link(target: "https://api.github.com/search/repositories?q=x&page=2", relations: ["next"]),
      LinkHeader.Link(target: "https://api.github.com/search/repositories?q=x&page=34", relations: ["last"]),
    ])

    #expect(header.description == Self.githubHeader)
  }

  @Test(arguments: [
    #"<https://e.com/?page=34>; rel="last", <https://e.com/?page=2>; rel="next""#,
    #"  <https://e.com/?page=2> ;rel="next"  ,<https://e.com/?page=34>;   rel = "last"  "#,
    "<https://e.com/?page=2>; rel=next, <https://e.com/?page=34>; rel=last",
    #"<https://e.com/?page=2>; REL="Next", <https://e.com/?page=34>; Rel="LAST""#,
    "<https://e.com/?page=2>;\trel=\"next\",\n <https://e.com/?page=34>; rel=\"last\"",
  ])
  func acceptsAnyOrderSpacingCaseAndQuoting(value: String) {
    let header = LinkHeader(parsing: value)

    #expect(header.target(rel: "next") == "https://e.com/?page=2")
    #expect(header.target(rel: "last") == "https://e.com/?page=34")
    #expect(header.target(rel: "NEXT") == "https://e.com/?page=2")
  }

  @Test func oneLinkCanHaveSeveralRelations() {
    let header = LinkHeader(parsing: #"<https://e.com/?page=3>; rel="next last""#)

    #expect(header.links.first?.relations == ["next", "last"])
    #expect(header.target(rel: "next") == "https://e.com/?page=3")
    #expect(header.target(rel: "last") == "https://e.com/?page=3")
  }

  @Test func commasAndSemicolonsInsideTargetsAndQuotesDoNotSplit() {
    let value =
      #"<https://e.com/a,b;c?page=2>; title="one, two; \"three\""; rel="next", <https://e.com/?page=9>; rel=last"#
    let header = LinkHeader(parsing: value)

    #expect(header.links.count == 2)
    #expect(header.target(rel: "next") == "https://e.com/a,b;c?page=2")
    #expect(header.links.first?.parameters == ["title": #"one, two; "three""#])
    #expect(header.target(rel: "last") == "https://e.com/?page=9")
  }

  @Test func firstRelWinsAndOtherParametersAreKept() {
    let header = LinkHeader(parsing: #"<https://e.com/>; rel="next"; rel="prev"; type="text/html"; hreflang=en"#)

    #expect(
      header.links == [
        LinkHeader.Link(
          target: "https://e.com/", relations: ["next"], parameters: ["type": "text/html", "hreflang": "en"])
      ])
  }

  @Test(arguments: ["", "   ", ",,", "garbage", "rel=next", "<https://e.com/?page=2", "<>"])
  func unreadableValuesGiveNoUsableLink(value: String) {
    let header = LinkHeader(parsing: value)

    #expect(header.target(rel: "next") == nil)
  }

  @Test func malformedValuesAreSkippedAndTheRestIsRead() {
    let value = #"garbage; rel="prev", <https://e.com/?page=2>; rel="next" junk, <https://e.com/?page=5>; rel="last""#
    let header = LinkHeader(parsing: value)

    #expect(header.target(rel: "prev") == nil)
    #expect(header.target(rel: "next") == "https://e.com/?page=2")
    #expect(header.target(rel: "last") == "https://e.com/?page=5")
  }

  @Test func linkWithoutRelHasNoRelations() {
    let header = LinkHeader(parsing: "<https://e.com/>")

    #expect(header.links == [LinkHeader.Link(target: "https://e.com/", relations: [])])
    #expect(header.description == "<https://e.com/>")
  }

  @Test(arguments: [
    LinkHeader(links: []),
    LinkHeader(links: [LinkHeader.Link(target: "https://e.com/?q=a%20b&page=2", relations: ["next"])]),
    LinkHeader(links: [
      LinkHeader.Link(target: "https://e.com/?page=1", relations: ["prev", "first"]),
      LinkHeader.Link(
        target: "https://e.com/,;?page=3", relations: ["next"], parameters: ["title": #"a "quoted", \ b"#]),
      LinkHeader.Link(target: "https://e.com/?page=9", relations: ["last"], parameters: ["type": "", "x": "y"]),
    ]),
  ])
  func formattingThenParsingGivesTheSameLinks(header: LinkHeader) {
    #expect(LinkHeader(parsing: header.description) == header)
  }

  @Test func relationsAreLowercasedWhenCreated() {
    #expect(LinkHeader.Link(target: "u", relations: ["Next"]).relations == ["next"])
  }
}
