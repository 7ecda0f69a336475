import Foundation

/// Every URL of `urls` asked at once through `fetch` (a root's collections'
/// first pages, for their totals and shapes); the answers in the URLs'
/// order, `nil` where none came.
func fetchAll(_ urls: [URL], with fetch: @escaping ConventionFetch) async -> [ConventionAnswer?] {
    await withTaskGroup(of: (Int, ConventionAnswer?).self) { group in
        for (index, url) in urls.enumerated() { group.addTask { (index, await fetch(url)) } }
        var answers = [ConventionAnswer?](repeating: nil, count: urls.count)
        for await (index, answer) in group { answers[index] = answer }
        return answers
    }
}
