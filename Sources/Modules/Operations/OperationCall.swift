import Services
import Translations

/// `trestle call OPERATION key=value …`: an operation run from the command
/// line as its form would run it — the form's fields filled from the named
/// values, the same validation (required fields, types, JSON), the same
/// write guard.
public enum OperationCall {
    /// Why the values make no request: one line naming the field.
    public struct Invalid: Error, Sendable, Equatable {
        public var message: String

        public init(_ message: String) {
            self.message = message
        }
    }

    /// What an operation is called by: its `operationId`, else `METHOD /path`.
    public static func name(of operation: ServiceOperation) -> String {
        operation.operationID ?? operation.title
    }

    /// The operation called `name` (its `operationId`, or `METHOD /path` in any case of the method).
    public static func find(_ name: String, in catalog: OperationCatalog) -> ServiceOperation? {
        catalog.operations.first { $0.operationID == name }
            ?? catalog.operations.first { $0.title.lowercased() == name.lowercased() }
    }

    /// The names its values go by (`book_id`, `days`), in the form's order;
    /// a name two fields share goes by `location:name` (`path:userId`, `body:userId`).
    public static func fieldNames(of operation: ServiceOperation) -> [String] {
        let names = operation.fields.map(\.name)
        return operation.fields.map { field in
            names.filter { $0 == field.name }.count > 1 ? OperationDraft.key(field) : field.name
        }
    }

    /// The request `values` (`name`, or `location:name` where two places share a name) make.
    public static func request(_ operation: ServiceOperation, values: [(name: String, value: String)])
        throws(Invalid) -> OperationRequest
    {
        var keyed: [String: String] = [:]
        for (name, value) in values {
            let field =
                operation.fields.first { OperationDraft.key($0) == name }
                ?? operation.fields.first { $0.name == name }
            guard let field else {
                throw Invalid(Texts.Call.unknownField(field: name, operation: self.name(of: operation)))
            }
            keyed[OperationDraft.key(field)] = value
        }
        // A required boolean is a switch in the form: only `true` or `false` turns it.
        for field in operation.fields where field.kind == .boolean && field.isRequired {
            if let value = keyed[OperationDraft.key(field)], value != "true", value != "false" {
                throw Invalid(Texts.Operations.trueOrFalse(field: field.name))
            }
        }
        let form = OperationDraft.form(for: operation, values: keyed)
        do throws(OperationDraft.Invalid) {
            return try OperationDraft.request(operation, from: form)
        } catch {
            throw Invalid(error.message)
        }
    }

    /// Why `operation` may not be sent under `access`, or `nil`: a write is
    /// refused when read-only, and in production needs `--yes` (`confirmed`).
    public static func refusal(_ operation: ServiceOperation, access: WriteAccess, confirmed: Bool) -> String? {
        guard operation.writes else { return nil }
        switch access {
        case .open: return nil
        case .readOnly(let source): return WriteAccess.refusal(source)
        case .confirmFirst: return confirmed ? nil : Texts.Call.needsYes(operation: name(of: operation))
        }
    }
}
