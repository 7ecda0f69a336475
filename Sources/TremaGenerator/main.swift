import Foundation

// TremaGenerator INPUT.trm OUTPUT.swift — the build-tool plugin's generator.
// A broken file stops the build with one line naming the key; a missing
// translation is a warning here (the translations test fails on it) and
// falls back to the master language.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: TremaGenerator INPUT.trm OUTPUT.swift\n".utf8))
    exit(2)
}
do {
    let file = try TremaFile.read(URL(fileURLWithPath: arguments[1]))
    let entries = try TextEntry.entries(of: file)
    for text in file.texts {
        for language in file.languages where text.values[language] == nil {
            print("warning: \(arguments[1]): \(text.key) has no \(language) value")
        }
    }
    var writer = CodeWriter(file: file, entries: entries)
    let source = writer.write()
    let output = URL(fileURLWithPath: arguments[2])
    if (try? String(contentsOf: output, encoding: .utf8)) != source {
        try source.write(to: output, atomically: true, encoding: .utf8)
    }
} catch {
    print("error: \(error)")
    exit(1)
}
