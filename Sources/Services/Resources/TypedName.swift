/// A collection's name as a user types it (`:books`, `trestle get Book`):
/// the collection of exactly that name; else the only one of that name
/// without regard to case (`books` → `Books`); else the only one whose
/// singular is the typed name's (`books` → tastypie's `book`, `book` →
/// `books`), by ``ResourceDescriptor/singular(of:)``. Two that fit equally
/// are neither: the name stays as typed.
public enum TypedName {
    /// The name among `names` that `typed` stands for, or `nil` when none
    /// (or more than one) fits.
    public static func match(_ typed: String, among names: [String]) -> String? {
        if names.contains(typed) { return typed }
        let folded = names.filter { $0.lowercased() == typed.lowercased() }
        if folded.count == 1 { return folded[0] }
        guard folded.isEmpty else { return nil }
        let stem = ResourceDescriptor.singular(of: typed.lowercased())
        let inflected = names.filter { ResourceDescriptor.singular(of: $0.lowercased()) == stem }
        return inflected.count == 1 ? inflected[0] : nil
    }
}
