import Networking

/// Turns a `NetworkError` into a `ServiceError`, with advice for the
/// environment (development: "start `trestle serve`") or the service (a
/// 401 says which auth scheme its OpenAPI document asks for).
public indirect enum ErrorHint: Sendable, Equatable {
    case none
    /// Appended to "cannot connect" errors.
    case whenUnreachable(String)
    /// Appended to 401 and 403 answers.
    case whenUnauthorized(String)
    /// Both hints, the first one's advice first.
    case both(ErrorHint, ErrorHint)

    public func apply(to error: NetworkError) -> ServiceError {
        ServiceError(Self.kind(of: error), .network(error, advice: advice(for: error)))
    }

    private func advice(for error: NetworkError) -> String? {
        switch (self, error) {
        case (.whenUnreachable(let advice), .cannotConnect): return advice
        case (.whenUnauthorized(let advice), .status(let code, _)) where code == 401 || code == 403: return advice
        case (.both(let first, let second), _): return first.advice(for: error) ?? second.advice(for: error)
        default: return nil
        }
    }

    static func kind(of error: NetworkError) -> ServiceError.Kind {
        switch error {
        case .cannotConnect, .dns, .proxyUnreachable: return .offline
        case .timeout: return .timeout
        case .cancelled: return .cancelled
        case .status(let code, _), .redirectedAway(_, let code, _):
            return code == 404 ? .notFound : .server(status: code)
        case .decoding, .ignoredFilter: return .badData
        case .invalidURL, .auth, .setup: return .configuration
        case .tlsHandshake, .malformedAnswer, .answerTooLarge, .tooManyRedirects, .redirectRefused, .transport,
            .proxyRefused, .certificate:
            return .other
        }
    }
}
