import Services
import Translations

// A descriptor carries its titles, toggle words and form labels as data
// (`DescriptorWords`: the source's words, or a built-in catalog key);
// here they become what the list, the forms and the status line say.

extension CatalogWord {
    /// The built-in catalog's word in the run's language.
    public var words: String {
        switch self {
        case .title: Texts.Catalog.title
        case .done: Texts.Catalog.done
        case .completed: Texts.Catalog.completed
        case .user: Texts.Catalog.user
        case .userID: Texts.Catalog.userID
        case .body: Texts.Catalog.body
        case .name: Texts.Catalog.name
        case .email: Texts.Catalog.email
        case .post: Texts.Catalog.post
        case .album: Texts.Catalog.album
        case .username: Texts.Catalog.username
        case .city: Texts.Catalog.city
        case .company: Texts.Catalog.company
        case .toggleOn: Texts.Catalog.toggleOn
        case .toggleOff: Texts.Catalog.toggleOff
        }
    }
}

extension DescriptorWords {
    /// The words shown: the source's as they are, a built-in word in the run's language.
    public var words: String {
        switch self {
        case .named(let words): words
        case .builtIn(let word): word.words
        }
    }
}

extension ResourceDescriptor.Column {
    /// The title the source named (the config's `title:`, the built-in
    /// catalog's words); `nil` when the list makes one of the field's name.
    public var namedTitle: String? { givenTitle?.words }
}

extension ResourceDescriptor.Toggle {
    /// How the toggled state is said ("done").
    public var on: String { onWords.words }
    /// How the other state is said ("not done").
    public var off: String { offWords.words }
}

extension ResourceDescriptor.FormField {
    /// The form's label: the one the source gave, else the field's name in
    /// words (`userId` → `User Id`).
    public var label: String { givenLabel?.words ?? FieldTitle.words(for: field) }
}
