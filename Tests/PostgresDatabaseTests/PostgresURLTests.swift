import PostgresDatabase
import Testing

@Suite("PostgresURL")
struct PostgresURLTests {
  @Test func fullURLIsParsedWithItsPartsPercentDecoded() throws {
    let url = try PostgresURL("postgres://octo%20cat:s%40cr%3Aet%2F@db.example:6543/my%20accounts?sslmode=require")
    #expect(url.user == "octo cat")
    #expect(url.password == "s@cr:et/")
    #expect(url.host == "db.example")
    #expect(url.port == 6543)
    #expect(url.database == "my accounts")
    #expect(url.sslMode == .require)
  }

  @Test func postgresqlSchemeDefaultPortDatabaseAndSSLMode() throws {
    let url = try PostgresURL("postgresql://octocat@127.0.0.1")
    #expect(url.port == 5432)
    #expect(url.database == "octocat")
    #expect(url.password == nil)
    #expect(url.sslMode == .prefer)
  }

  @Test func ipv6HostLosesItsBrackets() throws {
    #expect(try PostgresURL("postgres://u:p@[::1]:5433/db").host == "::1")
  }

  @Test(arguments: [
    ("mysql://u:p@h/db", "must start with postgres://"),
    ("postgres://h:5432/db", "names no user"),
    ("postgres://u:p@h:0/db", "port must be between 1 and 65535"),
    ("postgres://u:p@h:65536/db", "port must be between 1 and 65535"),
    ("postgres://u:p@h/db?sslmode=verify-full", "sslmode must be disable, prefer or require"),
    ("postgres://u:p@h/db?connect_timeout=3", "“connect_timeout” is not taken"),
    ("postgres://u:p@h/a/b", "must not contain “/”"),
    ("postgres://u:p@h/db#x", "fragment"),
  ])
  func malformedURLIsRefusedSayingWhichPart(_ text: String, _ expected: String) {
    let error = #expect(throws: PostgresDatabaseError.self) { try PostgresURL(text) }
    #expect(error?.description.contains(expected) == true, "\(String(describing: error))")
  }

  @Test(arguments: [
    "postgres://octocat:Sup3rSecretPass@h:99999/db",
    "postgres://octocat:Sup3rSecretPass@h/db?sslmode=Sup3rSecretPass",
    "postgres://octocat:Sup3rSecretPass@h/db?Sup3rSecretPass=1",
    "postgres://octocat:Sup3rSecretPass%zz@h/db",
    "postgres://octocat:Sup3rSecretPass@/db",
    "postgres://octocat:Sup3rSecretPass@h/db/x",
  ])
  func refusalNeverRepeatsThePassword(_ text: String) {
    let error = #expect(throws: PostgresDatabaseError.self) { try PostgresURL(text) }
    #expect(error != nil)
    #expect(error?.description.contains("Sup3rSecretPass") == false, "\(String(describing: error))")
  }

  @Test func redactedURLHidesThePasswordOnly() throws {
    let url = try PostgresURL("postgres://octocat:Sup3rSecretPass@127.0.0.1:5433/accounts?sslmode=disable")
    #expect(url.redacted == "postgres://octocat:***@127.0.0.1:5433/accounts?sslmode=disable")
    #expect(url.description == url.redacted)
    #expect(!"\(url)".contains("Sup3rSecretPass"))
  }

  @Test func isPostgresURLGoesByTheSchemeOnly() {
    #expect(PostgresURL.isPostgresURL("POSTGRES://x"))
    #expect(PostgresURL.isPostgresURL("postgresql://"))
    #expect(!PostgresURL.isPostgresURL("/var/lib/octoreact/postgres.sqlite"))
  }
}
