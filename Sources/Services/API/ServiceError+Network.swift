import Networking

// The transport's failures as the service layer hands them up: a request's
// (`Reason.network`), a sign-in's, a token file's. They are data; Services
// names them here, so that `Modules` words them (`Modules/Wording/`) seeing
// Services alone — the screens import no Networking.
extension ServiceError {
    /// A request's failure (``Reason/network(_:advice:)``): host, status, seconds…
    public typealias Network = NetworkError
    /// Why a credential could not be had (``Network/auth(_:)``).
    public typealias Auth = AuthFailure
    /// Why a token file could not be read.
    public typealias TokenSource = TokenSourceError
    /// What was wrong with a server's certificate (``Network/certificate(host:problem:)``).
    public typealias Certificate = CertificateProblem
    /// Why the transport could not be set up (``Network/setup(_:)``): a CA or client-certificate file.
    public typealias TransportSetup = TransportSetupFailure
    /// The standard reason phrase of a status code (`401` → `Unauthorized`).
    public typealias Status = HTTPStatus
    /// One clean, short line of what a server or a helper said.
    public typealias Excerpt = BodyExcerpt
}
