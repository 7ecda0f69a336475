import JSON
import Translations

/// `:jq EXPR` on a record: the record detail shows what the expression
/// selects (as JSON, one value after another) until `:jq` alone or Esc.
extension RecordDetailPresenter: JQNarrowing {
    func narrow(to expression: String?) -> StatusMessage {
        guard let expression, !expression.isEmpty else {
            send(.narrowed(nil))
            return StatusMessage(Texts.Jq.whole)
        }
        guard let record = state.record else { return StatusMessage(Texts.Jq.notHere, .warning) }
        do throws(JQError) {
            let query = try RecordQuery(expression, over: record.json)
            send(.narrowed(query))
            return StatusMessage(Texts.Jq.results(count: query.outputs.count))
        } catch {
            return StatusMessage(JQWords.line(error), .error)
        }
    }
}
