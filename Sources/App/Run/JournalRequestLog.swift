import GRPCServices
import Modules
import Networking
import Services

/// The request journal as the inspector reads it: entries become
/// `RequestEntity` values only when the inspector asks.
struct JournalRequestLog: RequestLog {
    let journal: RequestJournal

    func requests() -> [RequestEntity] {
        journal.entries().map(Self.entity)
    }

    func changes() -> AsyncStream<Int> {
        journal.updates()
    }

    static func entity(_ entry: RequestJournal.Entry) -> RequestEntity {
        let answer: RequestEntity.Answer
        switch entry.answer {
        case .network: answer = .network
        case .revalidated: answer = .revalidated
        case .fake: answer = .fake
        }
        var entity = RequestEntity(
            id: entry.sequence, startedAt: entry.startedAt, method: entry.method, target: entry.target,
            status: entry.status, failure: entry.failure?.userMessage, answer: answer, milliseconds: entry.milliseconds,
            bytes: entry.responseBytes,
            requestHeaders: entry.requestHeaders.map { RequestEntity.Header($0.name, $0.value) },
            responseHeaders: entry.responseHeaders.map { RequestEntity.Header($0.name, $0.value) }, body: entry.body)
        if !entry.requestBody.isEmpty {
            entity.requestBody = entry.requestBody
            // The query sent, repeatable from a shell (a GraphQL POST).
            entity.curl =
                GRPCCommand.render(url: entry.url, requestBody: entry.requestBody)
                ?? CurlCommand.render(
                    RequestText(
                        method: entry.method, url: entry.url.absoluteString,
                        headers: entry.requestHeaders.map { RequestText.Header($0.name, $0.value) },
                        body: String(decoding: entry.requestBody, as: UTF8.self)))
        }
        return entity
    }
}
