import JSON
import Translations

/// `:jq`'s errors in words: the engine (`JSON.JQ`) says what went wrong as
/// data, one line here says it (`jq: unexpected `]` at column 7`).
public enum JQWords {
    public static func line(_ error: JQError) -> String {
        switch error {
        case .unexpected(let token, let column): return Texts.Jq.unexpected(token: token, column: column)
        case .unexpectedEnd(let column): return Texts.Jq.unexpectedEnd(column: column)
        case .unterminatedString(let column): return Texts.Jq.unterminatedString(column: column)
        case .unknownName(let name, let column): return Texts.Jq.unknownName(name: name, column: column)
        case .expressionTooLong(let limit): return Texts.Jq.tooLong(limit: limit)
        case .tooDeep(let limit): return Texts.Jq.tooDeep(limit: limit)
        case .tooManySteps(let limit): return Texts.Jq.tooManySteps(limit: limit)
        case .tooManyOutputs(let limit): return Texts.Jq.tooManyOutputs(limit: limit)
        case .cannotIndex(let kind, let index): return Texts.Jq.cannotIndex(kind: kind, index: index)
        case .cannotIterate(let kind): return Texts.Jq.cannotIterate(kind: kind)
        case .noSuch(let function, let kind): return Texts.Jq.noSuch(function: function, kind: kind)
        }
    }
}

/// A screen `:jq EXPR` narrows (the record detail); `nil` shows all again.
/// Returns what the status line says.
@MainActor
public protocol JQNarrowing: AnyObject {
    func narrow(to expression: String?) -> StatusMessage
}
