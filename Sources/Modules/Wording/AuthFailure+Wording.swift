import Services
import Translations

extension ServiceError.Auth {
    /// One line naming what was looked for and what went wrong — never a secret.
    public var userMessage: String {
        switch self {
        case .variableUnset(let name):
            Texts.Auth.variableUnset(name: name)
        case .file(let error):
            error.userMessage
        case .helperNotStarted(let command, let reason):
            Texts.Auth.helperNotStarted(command: command, reason: ServiceError.Excerpt.make(from: reason))
        case .helperFailed(let command, let status, let said):
            said.isEmpty
                ? Texts.Auth.helperFailedSilently(command: command, status: "\(status)")
                : Texts.Auth.helperFailed(command: command, status: "\(status)", said: said)
        case .helperTimedOut(let command, let seconds):
            Texts.Auth.helperTimedOut(command: command, seconds: "\(seconds)")
        case .helperEmpty(let command):
            Texts.Auth.helperEmpty(command: command)
        case .helperTooLarge(let command, let limit, let stream):
            Texts.Auth.helperTooLarge(
                command: command, size: ServiceError.Network.describe(bytes: limit), stream: stream)
        case .tokenRefused(let url, let status, let said):
            Texts.Auth.tokenRefused(url: url, status: "\(status)", said: said)
        case .tokenAnswerUnreadable(let url):
            Texts.Auth.tokenUnreadable(url: url)
        case .tokenUnreachable(let url, let error):
            Texts.Auth.tokenUnreachable(url: url, reason: error.userMessage)
        case .noTokenURL(let service):
            Texts.Auth.noTokenURL(service: service)
        case .tokenURLElsewhere(let url, let origin):
            Texts.Auth.tokenURLElsewhere(url: url, origin: origin)
        case .loginRefused(let url, let status):
            Texts.Auth.loginRefused(url: url, status: "\(status)")
        case .loginSetNoCookie(let url):
            Texts.Auth.loginNoCookie(url: url)
        case .loginUnreachable(let url, let error):
            Texts.Auth.loginUnreachable(url: url, reason: error.userMessage)
        case .signInNeeded(let service):
            Texts.Auth.signInNeeded(service: service)
        case .signInUnavailable(let reason):
            Texts.Auth.signInUnavailable(reason: ServiceError.Excerpt.make(from: reason))
        case .signInTimedOut(let seconds):
            Texts.Auth.signInTimedOut(seconds: "\(seconds)")
        case .signInCancelled:
            Texts.Auth.signInCancelled
        case .signInRefused(let error, let description):
            Texts.Auth.signInRefused(
                error: ServiceError.Excerpt.make(from: description.isEmpty ? error : error + ": " + description))
        case .signInStateMismatch:
            Texts.Auth.signInStateMismatch
        }
    }
}
