import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A problem starting a network fixture, in one line.
public struct NetworkFixtureFailure: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// A real tinyproxy (Debian's; `.ci/run` installs it) on 127.0.0.1 and a
/// free port, in the foreground (`-d`) with a config file of its own in a
/// temporary folder: every request and `CONNECT` it carries is in ``log``.
/// ``stop()`` ends it and removes the folder; every test calls it (`defer`).
public final class TinyProxy: Sendable {
    public let port: Int
    public let folder: URL
    private let pid: pid_t

    /// `http://127.0.0.1:<port>`.
    public var url: String { "http://127.0.0.1:\(port)" }

    private init(port: Int, folder: URL, pid: pid_t) {
        self.port = port
        self.folder = folder
        self.pid = pid
    }

    /// Starts tinyproxy, with Basic credentials when `user` and `password`
    /// are given, and returns once it accepts connections.
    public static func start(user: String? = nil, password: String? = nil) async throws -> TinyProxy {
        let binary = "/usr/bin/tinyproxy"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw NetworkFixtureFailure("tinyproxy is not installed (apt-get install tinyproxy; .ci/run installs it)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-proxy-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // tinyproxy cannot take port 0 and say what it got: a port free now.
        let port = try DjangoProcess.freePort()
        var config = """
            Port \(port)
            Listen 127.0.0.1
            Timeout 30
            MaxClients 20
            LogLevel Connect
            LogFile "\(folder.appendingPathComponent("tinyproxy.log").path)"
            PidFile "\(folder.appendingPathComponent("tinyproxy.pid").path)"

            """
        if let user, let password { config += "BasicAuth \(user) \(password)\n" }
        let configFile = folder.appendingPathComponent("tinyproxy.conf")
        try config.write(to: configFile, atomically: true, encoding: .utf8)
        let pid = try DjangoProcess.start(
            [binary, "-d", "-c", configFile.path], environment: ["PATH": "/usr/bin:/bin"],
            stdout: folder.appendingPathComponent("stdout").path, stderr: folder.appendingPathComponent("stderr").path)
        let proxy = TinyProxy(port: port, folder: folder, pid: pid)
        let listening = await waitUntil(within: .seconds(20)) {
            DjangoProcess.hasExited(pid) || Self.accepts(port: port)
        }
        guard listening, !DjangoProcess.hasExited(pid) else {
            let said = (try? String(contentsOf: folder.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
            proxy.stop()
            throw NetworkFixtureFailure("tinyproxy did not start on port \(port): \(said.suffix(300))")
        }
        return proxy
    }

    /// Its log: a `Request (file descriptor …): CONNECT 127.0.0.1:… HTTP/1.1` line for each request.
    public var log: String {
        (try? String(contentsOf: folder.appendingPathComponent("tinyproxy.log"), encoding: .utf8)) ?? ""
    }

    /// The requests it was asked to carry (`CONNECT host:port`, `GET http://…`).
    public var requests: [String] {
        log.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "): "), line.contains("Request (") else { return nil }
            return String(line[range.upperBound...])
        }
    }

    /// Ends it and removes its folder. Safe to call twice.
    public func stop() {
        if !DjangoProcess.hasExited(pid) { DjangoProcess.end(pid) }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port` (a
    /// local connect: answered at once, refused or accepted).
    static func accepts(port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}

/// Certificates made for a test with openssl in a temporary folder: a
/// private CA (`ca.pem`) and, signed by it, the server's for `localhost`
/// and 127.0.0.1 (`server`), an expired one (`expired`, 2020), one for
/// another host (`otherhost`, `elsewhere.example`) and a client's
/// (`client`, CN `ann`); each as `NAME.pem` with its key `NAME.key` (0600).
public struct TestCertificates: Sendable {
    public let folder: URL

    public func pem(_ name: String) -> String { folder.appendingPathComponent("\(name).pem").path }
    public func key(_ name: String) -> String { folder.appendingPathComponent("\(name).key").path }
    public var caFile: String { pem("ca") }

    /// Makes them (about 0.2 s).
    public static func make() async throws -> TestCertificates {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-tls-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let outcome = try await ProcessRunner.runOnThread(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: ProcessRunner.baseEnvironment([:]),
            workingDirectory: folder, timeout: 60)
        guard outcome.status == 0 else {
            try? FileManager.default.removeItem(at: folder)
            throw NetworkFixtureFailure("openssl could not make the test certificates: \(outcome.stderr.suffix(300))")
        }
        return TestCertificates(folder: folder)
    }

    public func remove() { try? FileManager.default.removeItem(at: folder) }

    static let script = """
        set -e
        key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:prime256v1 -out "$1"; }
        key ca.key
        openssl req -x509 -new -key ca.key -out ca.pem -days 3650 -subj "/CN=Trestle Test CA"
        printf '[ca]\\ndefault_ca=t\\n[t]\\ndir=.\\ndatabase=index.txt\\nnew_certs_dir=.\\nserial=serial\\n' > ca.cnf
        printf 'default_md=sha256\\npolicy=p\\ncopy_extensions=none\\nunique_subject=no\\n[p]\\ncommonName=supplied\\n' >> ca.cnf
        : > index.txt; echo 1000 > serial
        issue() {
          key "$1.key"
          openssl req -new -key "$1.key" -out "$1.csr" -subj "/CN=$2"
          printf 'subjectAltName=%s\\nextendedKeyUsage=%s\\n' "$3" "$6" > "$1.ext"
          openssl ca -batch -config ca.cnf -cert ca.pem -keyfile ca.key -in "$1.csr" -out "$1.pem" -notext \\
            -startdate "$4" -enddate "$5" -extfile "$1.ext"
        }
        issue server localhost DNS:localhost,IP:127.0.0.1 20240101000000Z 20990101000000Z serverAuth
        issue expired localhost DNS:localhost,IP:127.0.0.1 20200101000000Z 20210101000000Z serverAuth
        issue otherhost elsewhere.example DNS:elsewhere.example 20240101000000Z 20990101000000Z serverAuth
        issue client ann email:ann@example.com 20240101000000Z 20990101000000Z clientAuth
        chmod 600 *.key
        """
}

/// `scripts/tls-serve.py`: an HTTPS service on 127.0.0.1 with one of
/// ``TestCertificates``' server certificates, optionally requiring a
/// client certificate signed by the test CA; `GET /books` answers one
/// book. ``requests`` are the lines it logged (`GET /books ann`).
public final class TLSService: Sendable {
    public let port: Int
    public let folder: URL
    private let pid: pid_t

    /// `https://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "https://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    private init(port: Int, folder: URL, pid: pid_t) {
        self.port = port
        self.folder = folder
        self.pid = pid
    }

    /// Starts it with `certificate` (a name of ``TestCertificates``) and
    /// returns once it listens.
    public static func start(
        _ certificates: TestCertificates, certificate: String = "server", requiresClientCertificate: Bool = false
    ) async throws -> TLSService {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-tls-serve-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let portFile = folder.appendingPathComponent("port")
        var arguments = [
            "/usr/bin/env", "python3", BuiltProducts.packageRoot.appendingPathComponent("scripts/tls-serve.py").path,
            "--cert", certificates.pem(certificate), "--key", certificates.key(certificate),
            "--port-file", portFile.path, "--log", folder.appendingPathComponent("requests").path,
        ]
        if requiresClientCertificate { arguments += ["--client-ca", certificates.caFile] }
        let pid = try DjangoProcess.start(
            arguments, environment: ProcessRunner.baseEnvironment([:]),
            stdout: folder.appendingPathComponent("stdout").path, stderr: folder.appendingPathComponent("stderr").path)
        func port() -> Int? {
            (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0) }
        }
        _ = await waitUntil(within: .seconds(30)) { DjangoProcess.hasExited(pid) || port() != nil }
        guard let port = port(), !DjangoProcess.hasExited(pid) else {
            let said = (try? String(contentsOf: folder.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
            if !DjangoProcess.hasExited(pid) { DjangoProcess.end(pid) }
            try? FileManager.default.removeItem(at: folder)
            throw NetworkFixtureFailure("scripts/tls-serve.py did not start: \(said.suffix(300))")
        }
        return TLSService(port: port, folder: folder, pid: pid)
    }

    /// The requests it answered, one a line: `GET /books ann` (`-`: no client certificate).
    public var requests: [String] {
        ((try? String(contentsOf: folder.appendingPathComponent("requests"), encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
    }

    /// Ends it and removes its folder. Safe to call twice.
    public func stop() {
        if !DjangoProcess.hasExited(pid) { DjangoProcess.end(pid) }
        try? FileManager.default.removeItem(at: folder)
    }
}
