import Modules
import Services
import Testing
import Translations

/// A descriptor carries titles, toggle words and labels as data
/// (`DescriptorWords`); Modules words them: the built-in catalog's in the
/// run's language, a source's as it gave them, the rest from the field's name.
@Suite struct DescriptorWordingTests {
    static func todos() throws -> ResourceDescriptor {
        try #require(ResourceCatalog.jsonPlaceholder["todos"])
    }

    @Test func theBuiltInCatalogSaysItsTitlesInTheLanguageOfTheRun() throws {
        let todos = try Self.todos()
        #expect(todos.columns.map(\.givenTitle) == [nil, .builtIn(.done), .builtIn(.title), .builtIn(.user)])
        Language.$override.withValue(.en) {
            #expect(todos.columns.map(\.title) == ["ID", "Done", "Title", "User"])
            #expect(todos.columns.map(\.namedTitle) == [nil, "Done", "Title", "User"])
            #expect(todos.toggle?.on == "done")
            #expect(todos.toggle?.off == "not done")
            #expect(todos.formFields.map(\.label) == ["Title", "Completed", "User id"])
        }
        Language.$override.withValue(.de) {
            #expect(todos.columns.map(\.title) == ["ID", "Fertig", "Titel", "Nutzer"])
            #expect(todos.toggle?.on == "erledigt")
            #expect(todos.toggle?.off == "nicht erledigt")
            #expect(todos.formFields.map(\.label) == ["Titel", "Erledigt", "Nutzer-ID"])
        }
    }

    @Test func everyCatalogWordHasItsWordsInBothLanguages() {
        let english: [CatalogWord: String] = [
            .title: "Title", .done: "Done", .completed: "Completed", .user: "User", .userID: "User id",
            .body: "Body", .name: "Name", .email: "Email", .post: "Post", .album: "Album", .username: "Username",
            .city: "City", .company: "Company", .toggleOn: "done", .toggleOff: "not done",
        ]
        let german: [CatalogWord: String] = [
            .title: "Titel", .done: "Fertig", .completed: "Erledigt", .user: "Nutzer", .userID: "Nutzer-ID",
            .body: "Text", .name: "Name", .email: "E-Mail", .post: "Post", .album: "Album", .username: "Benutzername",
            .city: "Ort", .company: "Firma", .toggleOn: "erledigt", .toggleOff: "nicht erledigt",
        ]
        #expect(Set(english.keys) == Set(CatalogWord.allCases))
        Language.$override.withValue(.en) {
            for word in CatalogWord.allCases { #expect(word.words == english[word], "\(word)") }
        }
        Language.$override.withValue(.de) {
            for word in CatalogWord.allCases { #expect(word.words == german[word], "\(word)") }
        }
    }

    @Test func aSourcesWordsAreShownAsGivenInEveryLanguage() {
        let column = ResourceDescriptor.Column("dueDate", title: "Due")
        let toggle = ResourceDescriptor.Toggle(field: "featured", on: "featured", off: "not featured")
        let field = ResourceDescriptor.FormField("dueDate", label: "Due on", .text)
        for language in [Language.en, .de] {
            Language.$override.withValue(language) {
                #expect(column.title == "Due")
                #expect(column.namedTitle == "Due")
                #expect(toggle.on == "featured")
                #expect(toggle.off == "not featured")
                #expect(field.label == "Due on")
            }
        }
    }

    @Test func withoutGivenWordsTheFieldsNameIsSaid() {
        #expect(ResourceDescriptor.Column("userId").namedTitle == nil)
        #expect(ResourceDescriptor.Column("userId").title == "User Id")
        #expect(ResourceDescriptor.FormField("userId", .number).givenLabel == nil)
        #expect(ResourceDescriptor.FormField("userId", .number).label == "User Id")
        #expect(ResourceDescriptor.FormField("address.city", .text).label == "City")
    }

    @Test func whereAConventionFoundTheCollections() {
        let english: [(SourceWords, String)] = [
            (.configuration, "the config file"), (.oDataMetadata, "OData $metadata"),
            (.oDataServiceDocument, "the OData service document"), (.jsonAPILinks, "JSON:API links"),
            (.halLinks, "HAL links"), (.djangoRoot, "the Django REST root"), (.databaseTables, "the database's tables"),
            (.listEndpoints, "the root's list endpoints"), (.named("the gazetteer's index"), "the gazetteer's index"),
        ]
        Language.$override.withValue(.en) {
            for (source, words) in english { #expect(source.words == words) }
        }
        Language.$override.withValue(.de) {
            #expect(SourceWords.halLinks.words == "HAL-Links")
            #expect(SourceWords.djangoRoot.words == "der Django-REST-Wurzel")
        }
    }
}
