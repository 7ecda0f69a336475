import Foundation

/// Finds folders shipped with Trestle (`themes/`, `sample-data/`) where the
/// two layouts put them, so the working directory never matters:
/// - installed (`scripts/install`): `PREFIX/bin/trestle` and
///   `PREFIX/share/trestle/NAME`;
/// - a checkout's build products (`ROOT/.build/…/debug/trestle`, also the
///   test bundle and `.build-install/…`): `ROOT/NAME`, where `ROOT` holds the
///   `.build…` folder and a `Package.swift`.
///
/// Nowhere else: no walk up through parent folders, which reached `/tmp`.
/// A folder is taken only when it and the folders between it and the layout's
/// root are owned by the user or root and writable by no one else.
enum ShippedFiles {
    static func locate(_ name: String, executable: URL, fileManager: FileManager = .default) -> URL? {
        let folder = executable.deletingLastPathComponent().standardizedFileURL
        var candidates: [(URL, [URL])] = []
        if folder.lastPathComponent == "bin" {
            let prefix = folder.deletingLastPathComponent()
            let share = prefix.appendingPathComponent("share")
            let trestle = share.appendingPathComponent("trestle")
            candidates.append((trestle.appendingPathComponent(name), [share, trestle]))
        }
        if let root = packageRoot(above: folder, fileManager: fileManager) {
            candidates.append((root.appendingPathComponent(name), [root]))
        }
        for (candidate, between) in candidates {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue,
                (between + [candidate]).allSatisfy(isTrusted)
            else { continue }
            return candidate
        }
        return nil
    }

    /// The package root whose `.build…` folder holds `folder`: the nearest
    /// ancestor named `.build` or `.build-…`, if its parent has a `Package.swift`.
    static func packageRoot(above folder: URL, fileManager: FileManager) -> URL? {
        var current = folder
        while current.pathComponents.count > 1 {
            let last = current.lastPathComponent
            let parent = current.deletingLastPathComponent()
            if last == ".build" || last.hasPrefix(".build-") {
                return fileManager.fileExists(atPath: parent.appendingPathComponent("Package.swift").path)
                    ? parent : nil
            }
            current = parent
        }
        return nil
    }

    /// Whether `url` (its symbolic links followed) belongs to the user or
    /// root and no one else may write to it.
    static func isTrusted(_ url: URL) -> Bool {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return false }
        let owner = info.st_uid
        return (owner == getuid() || owner == 0) && info.st_mode & S_IWOTH == 0
    }
}
