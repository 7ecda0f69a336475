import JSON
import Services

/// The records a screen offers to `:export`.
public struct ExportSource: Sendable {
    public var resource: ResourceDescriptor
    public var records: [JSONValue]

    public init(resource: ResourceDescriptor, records: [JSONValue]) {
        self.resource = resource
        self.records = records
    }
}
