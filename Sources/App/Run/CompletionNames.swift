import Foundation
import Services

/// What the shell completes after `trestle`: the resource names of the
/// built-in catalog and of every service in the config file.
public enum CompletionNames {
    /// The names, in catalog order, without repeats. A broken or missing
    /// config file completes the built-in names only (completion never fails).
    public static func resources(environment: [String: String]) -> [String] {
        var names = ResourceCatalog.jsonPlaceholder.names
        let loader = ConfigurationLoader(options: LaunchOptions(), environment: environment)
        if let document = try? ConfigFileDocument.read(loader.configFile),
            let services = try? ServicesSection.services(from: document.services)
        {
            for service in services {
                for name in service.catalog.names where !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    /// The names that start with `prefix` (what the shell is completing).
    public static func resources(startingWith prefix: String, environment: [String: String]) -> [String] {
        resources(environment: environment).filter { $0.hasPrefix(prefix) }
    }
}
