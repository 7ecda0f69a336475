/// A field's name said in words, for a column or form field nobody named:
/// `userId` → `User Id`, `address.city` → `City`, `id` → `ID`; a run of
/// capitals is one word (`categoryID` → `Category ID`, `HTMLTitle` →
/// `HTML Title`). Here, below both, because the list's columns (Modules)
/// and the forms' default labels (Services) say a field the same way.
public enum FieldTitle {
    public static func words(for field: String) -> String {
        let last = field.split(separator: ".").last.map(String.init) ?? field
        if last.lowercased() == "id" { return "ID" }
        var words: [String] = []
        var current = ""
        let characters = Array(last)
        for (index, character) in characters.enumerated() {
            if character == "_" || character == "-" {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if character.isUppercase, !current.isEmpty {
                let previousIsUpper = current.last?.isUppercase == true
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                // A new word: after a lower-case letter, or the last capital of a run before a lower-case one.
                if !previousIsUpper || nextIsLower {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}
