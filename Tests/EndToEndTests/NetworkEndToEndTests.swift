import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// Networks as they are, on the real binary: a real tinyproxy (plain
    /// HTTP and HTTPS through `CONNECT`, its credentials, `NO_PROXY`), a
    /// local HTTPS service signed by a CA the test makes (`caFile:`,
    /// `caOnly:`), an expired certificate and another host's, a service that
    /// requires a client certificate (`clientCertificate:`, the key from a
    /// 0600 file or a helper), and `insecure: true` with its red `INSECURE`
    /// marker. Every failure is one line that says which.
    @Suite
    struct NetworkEndToEndTests {
        static let proxyPassword = "pw-\(UUID().uuidString.prefix(8))-proxy"

        /// The config's service `shop` at `baseURL` listing `books`, with `extra` keys.
        static func config(_ baseURL: URL, _ extra: String = "") -> String {
            """
            services:
              - name: shop
                baseURL: \(baseURL.absoluteString)
                resources:
                  - {name: books, label: title}
            \(extra.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
            """
        }

        /// `trestle get books --service shop` with `config` and `environment`.
        static func get(_ config: String, environment: [String: String] = [:]) async throws -> ProcessOutcome {
            let home = try TemporaryHome()
            defer { home.remove() }
            try home.writeConfig(config)
            return try await ProcessRunner.runOnThread(
                BuiltProducts.trestle, ["get", "books", "--service", "shop", "--format", "json", "--timeout", "60"],
                environment: ProcessRunner.baseEnvironment(home.environment.merging(environment) { $1 }),
                timeout: 120)
        }

        /// The one line of a failed run, checked to be one line.
        static func failure(_ outcome: ProcessOutcome) -> String {
            #expect(outcome.status != 0 && !outcome.signalled, "status \(outcome.status): \(outcome.stdout)")
            let lines = outcome.stderr.split(separator: "\n")
            #expect(lines.count == 1, "not one line: \(outcome.stderr)")
            return outcome.stderr
        }

        static func books() async throws -> TestHTTPServer {
            try await TestHTTPServer.start { request in
                request.path == "/books" ? .json(#"[{"id":1,"title":"Dune"}]"#) : .json("{}", status: 404)
            }
        }

        // MARK: - Proxies

        @Test func aPlainHTTPServiceIsReachedThroughTheEnvironmentsProxy() async throws {
            let server = try await Self.books()
            let proxy = try await TinyProxy.start()
            defer { proxy.stop() }
            for variable in ["HTTP_PROXY", "http_proxy"] {
                let outcome = try await Self.get(Self.config(server.baseURL), environment: [variable: proxy.url])
                #expect(outcome.status == 0 && outcome.stdout.contains("Dune"), "\(variable): \(outcome.stderr)")
            }
            let carried = proxy.requests.filter { $0.contains("127.0.0.1:\(server.port)") }
            #expect(carried.count == 2, "the proxy carried \(proxy.requests)")
            #expect(await server.hitCount(path: "/books") == 2)
            await server.stop()
        }

        @Test func anHTTPSServiceIsReachedThroughCONNECTWithTheProxysCredentials() async throws {
            let certificates = try await TestCertificates.make()
            defer { certificates.remove() }
            let service = try await TLSService.start(certificates)
            defer { service.stop() }
            let proxy = try await TinyProxy.start(user: "ann", password: Self.proxyPassword)
            defer { proxy.stop() }
            let port = proxy.port
            // The config's proxy, its password from a variable; then the environment's URL with both.
            let configured = try await Self.get(
                Self.config(
                    service.baseURL,
                    """
                    caFile: \(certificates.caFile)
                    proxy: {url: "http://127.0.0.1:\(port)", user: ann, password: {env: PROXY_PW}}
                    """),
                environment: ["PROXY_PW": Self.proxyPassword])
            #expect(configured.status == 0 && configured.stdout.contains("Dune"), "\(configured.stderr)")
            let environment = try await Self.get(
                Self.config(service.baseURL, "caFile: \(certificates.caFile)"),
                environment: ["HTTPS_PROXY": "http://ann:\(Self.proxyPassword)@127.0.0.1:\(port)"])
            #expect(environment.status == 0 && environment.stdout.contains("Dune"), "\(environment.stderr)")
            let tunnels = proxy.requests.filter { $0.hasPrefix("CONNECT 127.0.0.1:\(service.port)") }
            #expect(tunnels.count == 2, "the proxy carried \(proxy.requests)")
            #expect(service.requests.count == 2, "the service answered \(service.requests)")
            for outcome in [configured, environment] {
                #expect(!(outcome.stdout + outcome.stderr).contains(Self.proxyPassword))
            }
        }

        @Test func aProxyThatRefusesTheCredentialsIsOneLine() async throws {
            let server = try await Self.books()
            let proxy = try await TinyProxy.start(user: "ann", password: Self.proxyPassword)
            defer { proxy.stop() }
            // Wrong credentials (tinyproxy answers 401), then none (407).
            let wrong = try await Self.get(
                Self.config(server.baseURL),
                environment: ["HTTP_PROXY": "http://ann:not-\(Self.proxyPassword)@127.0.0.1:\(proxy.port)"])
            let line = Self.failure(wrong)
            #expect(
                line.contains("the proxy 127.0.0.1:\(proxy.port) refused the proxy credentials: 401"), "\(line)")
            #expect(!line.contains(Self.proxyPassword))
            let none = try await Self.get(
                Self.config(server.baseURL, "proxy: \"http://127.0.0.1:\(proxy.port)\""))
            let second = Self.failure(none)
            #expect(
                second.contains(
                    "the proxy 127.0.0.1:\(proxy.port) refused the proxy credentials: 407 Proxy Authentication Required"
                ), "\(second)")
            #expect(await server.hitCount(path: "/books") == 0)
            await server.stop()
        }

        @Test func noProxyAndProxyNoneGoDirectly() async throws {
            let server = try await Self.books()
            let proxy = try await TinyProxy.start()
            defer { proxy.stop() }
            // Another port of the same host is not bypassed: through the proxy.
            let through = try await Self.get(
                Self.config(server.baseURL),
                environment: ["HTTP_PROXY": proxy.url, "NO_PROXY": "example.com, 127.0.0.1:\(server.port + 1)"])
            #expect(through.status == 0, "\(through.stderr)")
            #expect(proxy.requests.count == 1, "the proxy carried \(proxy.requests)")
            for noProxy in ["*.example.com,127.0.0.1", "127.0.0.1:\(server.port)", "*"] {
                let outcome = try await Self.get(
                    Self.config(server.baseURL), environment: ["http_proxy": proxy.url, "no_proxy": noProxy])
                #expect(outcome.status == 0 && outcome.stdout.contains("Dune"), "\(noProxy): \(outcome.stderr)")
            }
            let none = try await Self.get(
                Self.config(server.baseURL, "proxy: none"), environment: ["HTTP_PROXY": proxy.url])
            #expect(none.status == 0 && none.stdout.contains("Dune"), "\(none.stderr)")
            #expect(proxy.requests.count == 1, "NO_PROXY or proxy: none went through the proxy: \(proxy.requests)")
            #expect(await server.hitCount(path: "/books") == 5)
            await server.stop()
        }

        // MARK: - Private CAs

        @Test func aPrivateCAsServiceOpensWithItsCaFile() async throws {
            let certificates = try await TestCertificates.make()
            defer { certificates.remove() }
            let service = try await TLSService.start(certificates)
            defer { service.stop() }
            let unknown = Self.failure(try await Self.get(Self.config(service.baseURL)))
            #expect(
                unknown.contains(
                    "127.0.0.1:\(service.port)'s certificate is signed by an unknown certificate authority"),
                "\(unknown)")
            for extra in ["caFile: \(certificates.caFile)", "caFile: \(certificates.caFile)\ncaOnly: true"] {
                let outcome = try await Self.get(Self.config(service.baseURL, extra))
                #expect(outcome.status == 0 && outcome.stdout.contains("Dune"), "\(extra): \(outcome.stderr)")
            }
            #expect(service.requests.count == 2)
        }

        @Test func anExpiredCertificateAndAnotherHostsAreOneLineEach() async throws {
            let certificates = try await TestCertificates.make()
            defer { certificates.remove() }
            for (name, says) in [
                ("expired", "certificate has expired"), ("otherhost", "certificate is for another host name"),
            ] {
                let service = try await TLSService.start(certificates, certificate: name)
                defer { service.stop() }
                let line = Self.failure(
                    try await Self.get(Self.config(service.baseURL, "caFile: \(certificates.caFile)")))
                #expect(line.contains("127.0.0.1:\(service.port)'s \(says)"), "\(name): \(line)")
                #expect(service.requests.isEmpty)
            }
        }

        // MARK: - Client certificates

        @Test func aServiceThatWantsAClientCertificateGetsIt() async throws {
            let certificates = try await TestCertificates.make()
            defer { certificates.remove() }
            let service = try await TLSService.start(certificates, requiresClientCertificate: true)
            defer { service.stop() }
            let ca = "caFile: \(certificates.caFile)"
            let wanted = Self.failure(try await Self.get(Self.config(service.baseURL, ca)))
            #expect(wanted.contains("127.0.0.1:\(service.port) wants a client certificate"), "\(wanted)")
            let cert = certificates.pem("client")
            let key = certificates.key("client")
            let fromFile = try await Self.get(
                Self.config(service.baseURL, "\(ca)\nclientCertificate: {cert: \(cert), key: \(key)}"))
            #expect(fromFile.status == 0 && fromFile.stdout.contains("Dune"), "\(fromFile.stderr)")
            let fromHelper = try await Self.get(
                Self.config(
                    service.baseURL, "\(ca)\nclientCertificate: {cert: \(cert), key: {command: \"cat \(key)\"}}"))
            #expect(fromHelper.status == 0 && fromHelper.stdout.contains("Dune"), "\(fromHelper.stderr)")
            #expect(service.requests == ["GET /books ann", "GET /books ann"], "\(service.requests)")
            // A key file others may read is refused, in one line, before anything is sent.
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: key)
            let open = Self.failure(
                try await Self.get(
                    Self.config(service.baseURL, "\(ca)\nclientCertificate: {cert: \(cert), key: \(key)}")))
            #expect(open.contains("The client key \(key) may be read by others (mode 0644): make it 0600"), "\(open)")
            #expect(!open.contains("PRIVATE KEY"))
            #expect(service.requests.count == 2)
        }

        // MARK: - insecure

        @Test func anInsecureServiceOpensWithARedMarker() async throws {
            let certificates = try await TestCertificates.make()
            defer { certificates.remove() }
            // Signed by the test's CA, which nothing trusts here: only `insecure: true` opens it.
            let service = try await TLSService.start(certificates)
            defer { service.stop() }
            let home = try TemporaryHome()
            defer { home.remove() }
            try home.writeConfig(Self.config(service.baseURL, "insecure: true"))
            // Colour on, whatever the test run's NO_COLOR (an empty one turns nothing off).
            let app = try RunningApp(["--service", "shop", "books"], environment: ["NO_COLOR": ""], home: home)
            defer { app.stop() }
            let screen = try await app.session.eventually("the books") { $0.contains("Dune") }
            let status = try #require(screen.split(separator: "\n").last { $0.contains("INSECURE") }, "\(screen)")
            #expect(status.contains("shop"), "\(status)")
            // The status bar's marker is drawn in the theme's error role (default: 203, a red).
            let styled = try #require(
                try app.session.screenWithStyles().components(separatedBy: "\n").last { $0.contains("INSECURE") })
            let marker = try #require(styled.range(of: "INSECURE"))
            let before = StyledScreen.sgrParameters(in: String(styled[..<marker.lowerBound]))
            #expect(before.last == "38;5;203", "not in the error role's red: \(before) in \(styled.debugDescription)")
            #expect(
                service.requests.contains { $0.hasPrefix("GET /books") && $0.hasSuffix(" -") }, "\(service.requests)")
        }

        /// Through the proxy with its password and a client key from a
        /// helper, in the TUI at trace level: neither secret is on a screen,
        /// in `:curl`, the log or the cache.
        @Test func theProxyPasswordAndTheClientKeyAreNowhere() async throws {
            let certificates = try await TestCertificates.make()
            defer { certificates.remove() }
            let service = try await TLSService.start(certificates, requiresClientCertificate: true)
            defer { service.stop() }
            let proxy = try await TinyProxy.start(user: "ann", password: Self.proxyPassword)
            defer { proxy.stop() }
            let home = try TemporaryHome()
            defer { home.remove() }
            let key = certificates.key("client")
            try home.writeConfig(
                Self.config(
                    service.baseURL,
                    """
                    caFile: \(certificates.caFile)
                    clientCertificate: {cert: \(certificates.pem("client")), key: {command: "cat \(key)"}}
                    proxy: {url: "http://127.0.0.1:\(proxy.port)", user: ann, password: {env: PROXY_PW}}
                    """))
            let app = try RunningApp(
                ["--service", "shop", "books", "--log-level", "trace"], environment: ["PROXY_PW": Self.proxyPassword],
                reportingExit: true, home: home)
            defer { app.stop() }
            var screens = [try await app.session.eventually("the books") { $0.contains("Dune") }]
            try app.session.press("Enter")
            screens.append(try await app.session.eventuallyShows("\"title\": \"Dune\""))
            try await app.command("curl")
            screens.append(try await app.session.eventuallyShows("curl -sS"))
            try app.session.press("Escape")
            try await app.session.eventually("the record again") { !$0.contains("curl -sS") }
            try await app.command("quit")
            screens.append(try await app.session.eventuallyShows(RunningApp.endMarker, timeout: 60))
            #expect(proxy.requests.contains { $0.hasPrefix("CONNECT 127.0.0.1:\(service.port)") })
            #expect(service.requests.contains { $0.hasPrefix("GET /books") && $0.hasSuffix(" ann") })
            let keyText = try String(contentsOfFile: key, encoding: .utf8)
            let keyBody = try #require(
                keyText.split(separator: "\n").first { !$0.hasPrefix("-----") }.map(String.init))
            try AuthEndToEndTests.expectNowhere([Self.proxyPassword, keyBody], screens: screens, home: home)
        }
    }
}
