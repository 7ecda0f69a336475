import JSON
import Services
import TerminalUI
import Translations

/// What a submitted form writes: each field checked against its description.
extension ListForm {
    typealias FieldSpec = ResourceDescriptor.FormField

    /// The JSON fields a submitted form writes, or what is wrong with it.
    static func fields(of form: Form, resource: ResourceDescriptor) throws(FormError) -> JSONObject {
        var object = JSONObject()
        for spec in resource.formFields {
            switch spec.kind {
            case .bool: object[spec.field] = .bool(form.toggle(spec.field) ?? false)
            case .text: object[spec.field] = try text(spec, form.text(spec.field) ?? "", resource: resource)
            case .number: object[spec.field] = try number(spec, form.text(spec.field) ?? "")
            }
        }
        return object
    }

    /// A text field's value (`nil`: left out, an empty choice).
    private static func text(_ spec: FieldSpec, _ text: String, resource: ResourceDescriptor) throws(FormError)
        -> JSONValue?
    {
        if spec.isRequired || spec.field == resource.labelField, text.trimmingCharacters(in: .whitespaces).isEmpty {
            throw FormError(message: Texts.Form.mustNotBeEmpty(field: spec.label))
        }
        if !spec.choices.isEmpty, !text.isEmpty || spec.isRequired, !spec.choices.contains(text) {
            throw FormError(
                message: Texts.Form.oneOf(field: spec.label, choices: spec.choices.joined(separator: ", ")))
        }
        if text.isEmpty, !spec.choices.isEmpty { return nil }
        return .string(text)
    }

    /// A number field's value (`nil`: left out, empty and optional).
    private static func number(_ spec: FieldSpec, _ typed: String) throws(FormError) -> JSONValue? {
        let text = typed.trimmingCharacters(in: .whitespaces)
        if text.isEmpty {
            if spec.isRequired { throw FormError(message: Texts.Form.mustNotBeEmpty(field: spec.label)) }
            return nil
        }
        guard let number = Int(text) else {
            if spec.takesFractions, let fraction = Double(text), fraction.isFinite { return .double(fraction) }
            throw FormError(
                message: spec.takesFractions
                    ? Texts.Form.number(field: spec.label) : Texts.Form.wholeNumber(field: spec.label))
        }
        if let minimum = spec.minimum, number < minimum {
            throw FormError(message: Texts.Form.atLeast(field: spec.label, minimum: minimum))
        }
        if let maximum = spec.maximum, number > maximum {
            throw FormError(message: Texts.Form.atMost(field: spec.label, maximum: maximum))
        }
        return .int(number)
    }
}
