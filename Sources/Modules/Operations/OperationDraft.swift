import JSON
import Services
import TerminalUI
import Translations

/// The form of one operation and the request its values make: a field per
/// parameter and body field (required ones marked `*`, defaults and given
/// values filled in, a required boolean as a switch), and back from the
/// form, values typed as the document says.
enum OperationDraft {
    /// Why a submitted form cannot be sent, for the form's error line.
    struct Invalid: Error, Equatable {
        var message: String
        /// The field it is about, which gets the focus.
        var field: String?
    }

    /// The form's key of `field` (`path:book_id`, `body:days`).
    static func key(_ field: OperationField) -> String {
        key(field.location, field.name)
    }

    /// The form's key of the field `name` at `location`.
    static func key(_ location: OperationField.Location, _ name: String) -> String {
        "\(location.rawValue):\(name)"
    }

    /// The form for `operation`, its fields filled from `values` (by
    /// ``key(_:)``), else from the document's defaults.
    static func form(for operation: ServiceOperation, values: [String: String] = [:]) -> Form {
        let fields = operation.fields.map { field -> Form.Field in
            let label = field.name + (field.isRequired ? " *" : "")
            let value = values[key(field)] ?? field.defaultValue
            if field.kind == .boolean, field.isRequired {
                return .toggle(label, key: key(field), value: value == "true")
            }
            return .text(label, key: key(field), value: value ?? "")
        }
        return Form(title: operation.title, fields: fields)
    }

    /// What the hint line says of `field`: its place, type, choices, default and description.
    static func hint(_ field: OperationField) -> String {
        let place = field.location == .wholeBody ? OperationField.Location.body : field.location
        var parts = [place.rawValue + " · " + field.kind.rawValue]
        if field.isRequired { parts.append(Texts.Operations.required) }
        if !field.choices.isEmpty {
            parts.append(Texts.Operations.choices(values: field.choices.joined(separator: ", ")))
        }
        if let value = field.defaultValue { parts.append(Texts.Operations.defaultValue(value: value)) }
        if let hint = field.hint, !hint.isEmpty { parts.append(hint) }
        return parts.joined(separator: " · ")
    }

    /// The form's values as text, by key (what the history's replay fills in again).
    static func values(of form: Form) -> [String: String] {
        var values: [String: String] = [:]
        for field in form.fields {
            switch field.kind {
            case .text(let editor): values[field.key] = editor.text
            case .toggle(let isOn): values[field.key] = isOn ? "true" : "false"
            }
        }
        return values
    }

    /// The request the form's values make: the path filled, the query and
    /// header fields given, the body's fields typed as documented; empty
    /// optional fields are left out.
    static func request(_ operation: ServiceOperation, from form: Form) throws(Invalid) -> OperationRequest {
        var paths: [String: String] = [:]
        var request = OperationRequest(method: operation.method, path: operation.path)
        var body = JSONObject()
        var whole: JSONValue?
        for field in operation.fields {
            let text = form.text(key(field))
            if let isOn = form.toggle(key(field)) {
                body[field.name] = .bool(isOn)
                continue
            }
            let trimmed = (text ?? "").trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else {
                if field.isRequired {
                    throw Invalid(message: Texts.Form.mustNotBeEmpty(field: field.name), field: key(field))
                }
                continue
            }
            switch field.location {
            case .path: paths[field.name] = trimmed
            case .query: request.query.append(.init(field.name, trimmed))
            case .header: request.headers.append(.init(field.name, trimmed))
            case .body: body[field.name] = try typed(text ?? "", field)
            case .wholeBody: whole = try json(trimmed, field)
            }
        }
        let (path, missing) = OperationRequest.fill(operation.path, with: paths)
        if let missing { throw Invalid(message: Texts.Form.mustNotBeEmpty(field: missing), field: key(.path, missing)) }
        request.path = path
        if let whole {
            request.body = whole
        } else if operation.bodyType != nil, !body.isEmpty || operation.requiresBody {
            request.body = .object(body)
        }
        return request
    }

    /// A body field's text as the JSON value its type asks for.
    private static func typed(_ text: String, _ field: OperationField) throws(Invalid) -> JSONValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch field.kind {
        case .string:
            return .string(text)
        case .integer:
            guard let number = Int(trimmed) else {
                throw Invalid(message: Texts.Form.wholeNumber(field: field.name), field: key(field))
            }
            return .int(number)
        case .number:
            if let number = Int(trimmed) { return .int(number) }
            guard let number = Double(trimmed), number.isFinite else {
                throw Invalid(message: Texts.Form.number(field: field.name), field: key(field))
            }
            return .double(number)
        case .boolean:
            guard trimmed == "true" || trimmed == "false" else {
                throw Invalid(message: Texts.Operations.trueOrFalse(field: field.name), field: key(field))
            }
            return .bool(trimmed == "true")
        case .array, .object:
            return try json(trimmed, field)
        case .any:
            return (try? JSONParser.parse(trimmed)) ?? .string(text)
        }
    }

    private static func json(_ text: String, _ field: OperationField) throws(Invalid) -> JSONValue {
        guard let value = try? JSONParser.parse(text) else {
            throw Invalid(message: Texts.Operations.notJSON(field: field.name), field: key(field))
        }
        return value
    }

    /// The next of `field`'s choices after `current` (`step` 1) or before it (−1), wrapping.
    static func choice(after current: String, in field: OperationField, step: Int) -> String? {
        guard !field.choices.isEmpty else { return nil }
        guard let index = field.choices.firstIndex(of: current) else {
            return step > 0 ? field.choices.first : field.choices.last
        }
        let count = field.choices.count
        return field.choices[((index + step) % count + count) % count]
    }
}
