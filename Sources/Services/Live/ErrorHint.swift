import Networking
import Translations

/// Turns a `NetworkError` into a `ServiceError`, with advice for the
/// environment (development: "start `trestle serve`").
public enum ErrorHint: Sendable, Equatable {
    case none
    /// Appended to "cannot connect" errors.
    case whenUnreachable(String)

    func apply(to error: NetworkError) -> ServiceError {
        if case .whenUnreachable(let advice) = self, case .cannotConnect(let host) = error {
            return ServiceError(.offline, Texts.Service.cannotConnect(host: host, advice: advice))
        }
        return ServiceError(Self.kind(of: error), error.userMessage)
    }

    static func kind(of error: NetworkError) -> ServiceError.Kind {
        switch error {
        case .cannotConnect, .dns: return .offline
        case .timeout: return .timeout
        case .cancelled: return .cancelled
        case .status(let code, _): return code == 404 ? .notFound : .server(status: code)
        case .decoding: return .badData
        case .invalidURL: return .configuration
        case .transport: return .other
        }
    }
}
