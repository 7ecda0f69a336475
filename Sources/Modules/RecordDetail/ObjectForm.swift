import JSON
import TerminalUI
import Translations

/// The edit form of an object resource (`profile`), made from the object's
/// own scalar fields: text for strings and numbers, a switch for booleans.
/// Nested objects and arrays are left as they are (the form edits what fits
/// on one line).
enum ObjectForm {
    /// Why a submitted form cannot be saved, in words for the form's error line.
    struct Invalid: Error, Equatable {
        var message: String
    }

    /// The form for `object`, titled `Edit <name>`.
    static func form(for object: JSONObject, name: String) -> Form {
        let fields = object.compactMap { member -> Form.Field? in
            switch member.value {
            case .bool(let flag): return .toggle(member.key, key: member.key, value: flag)
            case .string(let text): return .text(member.key, key: member.key, value: text)
            case .int, .double: return .text(member.key, key: member.key, value: member.value.scriptString)
            case .null: return .text(member.key, key: member.key)
            case .array, .object: return nil
            }
        }
        return Form(title: Texts.Detail.editTitle(resource: name), fields: fields)
    }

    /// The fields that changed, typed as they were: a number stays a
    /// number (and must read as one), an emptied null stays null.
    static func changes(in form: Form, of object: JSONObject) throws(Invalid) -> JSONObject {
        var changes = JSONObject()
        for (key, old) in object {
            let new: JSONValue
            switch old {
            case .bool:
                new = .bool(form.toggle(key) ?? false)
            case .string:
                new = .string(form.text(key) ?? "")
            case .int, .double:
                let text = (form.text(key) ?? "").trimmingCharacters(in: .whitespaces)
                if let whole = Int(text) {
                    new = .int(whole)
                } else if let number = Double(text), number.isFinite {
                    new = .double(number)
                } else {
                    throw Invalid(message: Texts.Form.number(field: key))
                }
            case .null:
                let text = form.text(key) ?? ""
                new = text.isEmpty ? .null : .string(text)
            case .array, .object:
                continue
            }
            if new != old { changes[key] = new }
        }
        return changes
    }
}
