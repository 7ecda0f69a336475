import Services
import Translations

// The service layer's errors carry data (kind and reason); their words
// live here, beside the screens that show them.

extension ServiceError: CustomStringConvertible {
    /// One line for the screen.
    public var message: String { reason.message }

    /// The ``message``.
    public var description: String { message }

    /// A few words for tight places ("server unreachable", "server answered 503").
    public var shortReason: String {
        switch kind {
        case .offline: return Texts.Service.unreachable
        case .timeout: return Texts.Service.timedOut
        case .notFound: return Texts.Service.notFound
        case .server(let status): return Texts.Service.answered(status: String(status))
        case .badData: return Texts.Service.unexpectedData
        case .cancelled: return Texts.Service.cancelled
        case .configuration: return Texts.Service.configuration
        case .other: return message
        }
    }
}

extension ServiceError.Reason {
    /// One line for the screen: a request's failure with the advice after
    /// it ("Cannot connect to 127.0.0.1:3000 — start `trestle serve`").
    public var message: String {
        switch self {
        case .text(let words):
            return words
        case .network(.cannotConnect(let host), let advice?):
            return Texts.Service.cannotConnect(host: host, advice: advice)
        case .network(let error, let advice?):
            return "\(error.userMessage) — \(advice)"
        case .network(let error, nil):
            return error.userMessage
        case .notACollection(let name):
            return Texts.Service.notACollection(name: name)
        case .readInListOnly(let name):
            return Texts.Service.readInListOnly(resources: name)
        case .operationsNotHere:
            return Texts.Operations.notHere
        case .isDirectory(let path):
            return Texts.Service.isDirectory(path: path)
        case .noFolder(let path, let folder):
            return Texts.Service.noFolder(path: path, folder: folder)
        case .cannotWrite(let path, let reason):
            return Texts.Service.cannotWrite(path: path, reason: reason)
        }
    }
}
