import Foundation

/// Every URL of `urls` asked through `fetch` (a root's collections' first
/// pages, for their totals and shapes), at most `inFlight` at a time; the
/// answers in the URLs' order, `nil` where none came.
func fetchAll(_ urls: [URL], inFlight: Int = fetchAllInFlight, with fetch: @escaping ConventionFetch) async
    -> [ConventionAnswer?]
{
    await withTaskGroup(of: (Int, ConventionAnswer?).self) { group in
        var answers = [ConventionAnswer?](repeating: nil, count: urls.count)
        var next = 0
        func addNext() {
            guard next < urls.count else { return }
            let (index, url) = (next, urls[next])
            group.addTask { (index, await fetch(url)) }
            next += 1
        }
        for _ in 0..<max(1, inFlight) { addNext() }
        while let (index, answer) = await group.next() {
            answers[index] = answer
            addNext()
        }
        return answers
    }
}

/// The requests discovery keeps in flight at once: a root naming 200
/// collections is not 400 requests at the same moment.
let fetchAllInFlight = 8
