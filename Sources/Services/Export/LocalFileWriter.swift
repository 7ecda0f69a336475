import Foundation

/// `FileWriting` on the local file system.
public struct LocalFileWriter: FileWriting {
    private let workingDirectory: String

    public init(workingDirectory: String = FileManager.default.currentDirectoryPath) {
        self.workingDirectory = workingDirectory
    }

    public func write(_ data: Data, to path: String) throws(ServiceError) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        let url =
            expanded.hasPrefix("/")
            ? URL(fileURLWithPath: expanded) : URL(fileURLWithPath: workingDirectory).appendingPathComponent(expanded)
        let absolute = url.standardizedFileURL.path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ServiceError(.other, .isDirectory(path: absolute))
        }
        let folder = (absolute as NSString).deletingLastPathComponent
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) || !isDirectory.boolValue {
            throw ServiceError(.other, .noFolder(path: absolute, folder: folder))
        }
        do {
            try data.write(to: URL(fileURLWithPath: absolute), options: .atomic)
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
            throw ServiceError(.other, .cannotWrite(path: absolute, reason: reason))
        }
        return absolute
    }
}
