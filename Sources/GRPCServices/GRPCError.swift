import Networking

/// What went wrong talking to a gRPC service, as data: `App` words it
/// (``GRPCAPIService/words``), so this target needs no translations.
public enum GRPCError: Error, Sendable, Hashable {
    /// The server's status for a call (`NOT_FOUND`, its message).
    case status(code: String, message: String)
    /// No connection could be made or kept (the transport's words).
    case unreachable(String)
    /// The call took longer than the timeout (seconds).
    case timedOut(Double)
    /// A message could not be read or written.
    case codec(ProtoCodecError)
    /// Neither `grpc.reflection.v1` nor `grpc.reflection.v1alpha` answered.
    case noReflection(String)
    /// The reflected files lack a method or a type (`library.v1.Library/GetBook`).
    case unknown(String)
    /// A list was walked page by page past the bound (pages).
    case tooManyPages(Int)
    /// The collection has no `Get` method: records open from the list only.
    case noGetMethod(String)
    /// Records are written by the service's methods (`o`), not `n`/`e`/`d`.
    case writeByMethod
    /// The configured credential could not be had (`auth:`; a sign-in that failed).
    case credential(AuthFailure)
}
