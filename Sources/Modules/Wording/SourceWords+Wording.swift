import Services
import Translations

extension SourceWords {
    /// Where the collections came from, as the start screen's title says it
    /// after "from" ("HAL links", "OData $metadata").
    public var words: String {
        switch self {
        case .configuration: Texts.Start.sourceConfig
        case .oDataMetadata: Texts.Start.sourceODataMetadata
        case .oDataServiceDocument: Texts.Start.sourceODataServiceDocument
        case .jsonAPILinks: Texts.Start.sourceJSONAPILinks
        case .halLinks: Texts.Start.sourceHALLinks
        case .djangoRoot: Texts.Start.sourceDjangoRoot
        case .databaseTables: Texts.Start.sourceDatabaseTables
        case .listEndpoints: Texts.Start.sourceListEndpoints
        case .named(let words): words
        }
    }
}
