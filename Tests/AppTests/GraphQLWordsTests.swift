import GraphQLServices
import Testing
import Translations

@testable import App

/// GraphQLServices has no words: its problems are data, said here in the
/// run's language, each as the line a user saw before the words moved.
@Suite struct GraphQLWordsTests {
    @Test func theFirstErrorIsOneLineNamingItsPathAndHowManyMore() {
        let line = GraphQLStage.words(
            .errors(message: "Not allowed", path: "books.edges.0.node.author", more: 1))
        #expect(line == "GraphQL error at books.edges.0.node.author: Not allowed (and 1 more)")
        #expect(
            GraphQLStage.words(.errors(message: "Boom", path: nil, more: 0)) == Texts.GraphQL.error(message: "Boom"))
    }

    @Test func eachProblemIsItsLine() {
        #expect(GraphQLStage.words(.writeByMutation) == Texts.GraphQL.writeByMutation)
        #expect(GraphQLStage.words(.noData) == Texts.GraphQL.noData)
        #expect(GraphQLStage.words(.notFound) == Texts.Service.notFound)
        #expect(GraphQLStage.words(.answered(status: 502)) == Texts.Service.answered(status: "502"))
        #expect(GraphQLStage.words(.invalidQuery(reason: "x")) == Texts.GraphQL.invalidQuery(reason: "x"))
        #expect(GraphQLStage.words(.tooDeep(depth: 8)) == Texts.GraphQL.tooDeep(depth: 8))
    }
}
