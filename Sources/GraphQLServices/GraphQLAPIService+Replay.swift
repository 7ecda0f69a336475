import Foundation
import JSON
import Services

/// A mutation of the history read back from its body (`:history`'s `R`):
/// every GraphQL request is `POST <endpoint>`, so the query text names the
/// mutation and the variables hold its arguments, which become the form's
/// fields again (an input object's field by field, a record's `id` in the path).
extension GraphQLAPIService: ReadsSentOperations {
    public func sentOperation(method: String, target: String, body: Data) -> SentOperation? {
        guard method == "POST", body.count <= StoredRequest.largestKeptRequestBody,
            let sent = try? JSONParser.parse(body), let text = sent.value(atPath: "query")?.stringValue,
            let name = Self.mutationName(text), let mutation = catalog.mutations.first(where: { $0.field == name })
        else { return nil }
        let variables = sent.value(atPath: "variables")?.objectValue ?? JSONObject()
        let owner = catalog.recordOwner(of: mutation)
        var path = "/" + mutation.field
        var values: [String: String] = [:]
        for argument in mutation.arguments {
            guard let value = variables[argument.name], !value.isNull else { continue }
            if let owner, argument.name == "id" {
                let id = Self.formText(value)
                path = "/\(owner)/\(id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? id)/\(name)"
            } else if argument.type.kind == "INPUT_OBJECT", !argument.type.isList, let object = value.objectValue {
                for (field, inner) in object where !inner.isNull {
                    values["\(argument.name).\(field)"] = Self.formText(inner)
                }
            } else {
                values[argument.name] = Self.formText(value)
            }
        }
        return SentOperation(method: "POST", path: path, bodyValues: values)
    }

    /// `addBook` of `mutation TrestleMutation($input: AddBookInput!) { addBook(input: $input) { … } }`.
    static func mutationName(_ text: String) -> String? {
        let trimmed = text.drop { $0.isWhitespace }
        guard trimmed.hasPrefix("mutation"), let open = trimmed.firstIndex(of: "{") else { return nil }
        let name = trimmed[trimmed.index(after: open)...].drop { $0.isWhitespace }
            .prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    /// A value as a form field holds it: a string as it is, else its JSON.
    static func formText(_ value: JSONValue) -> String {
        if let string = value.stringValue { return string }
        return String(decoding: JSONWriter.data(value), as: UTF8.self)
    }
}
