import Foundation
import PackagePlugin

/// Generates `Texts`, `Language` and `TextCatalog` from translations/trestle.trm
/// before the target that uses this plugin compiles.
@main
struct TremaPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let input = context.package.directoryURL.appending(path: "translations/trestle.trm")
        let output = context.pluginWorkDirectoryURL.appending(path: "Texts.swift")
        return [
            .buildCommand(
                displayName: "Generating Texts from translations/trestle.trm",
                executable: try context.tool(named: "TremaGenerator").url,
                arguments: [input.path(), output.path()],
                inputFiles: [input],
                outputFiles: [output])
        ]
    }
}
