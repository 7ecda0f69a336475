// libFuzzer target for the JSON parser, built by scripts/fuzz together with
// Sources/JSON/*.swift into one module (so no `import JSON`):
//   swiftc -sanitize=fuzzer,address -parse-as-library Sources/JSON/*.swift scripts/fuzz-targets/json-parser.swift
// Checks, for every input: no crash; what parses writes back and parses to
// the same value; and a text we accept (valid UTF-8, no lone surrogate
// escape, no NUL) Foundation accepts too.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParser(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0.assumingMemoryBound(to: UInt8.self), count: count)) } ?? []
    guard let value = try? JSONParser.parse(bytes) else { return 0 }
    let written = JSONWriter.data(value)
    guard let again = try? JSONParser.parse(written) else {
        fatalError("wrote \(String(decoding: written, as: UTF8.self)) that does not parse")
    }
    if !containsNonFinite(value), again != value {
        fatalError("read \(value), wrote and read back \(again)")
    }
    let plain = String(validating: bytes, as: UTF8.self) != nil && !bytes.contains(0)
        && !bytes.starts(with: [0xEF, 0xBB, 0xBF])
    if plain, !String(decoding: bytes, as: UTF8.self).lowercased().contains("\\ud"),
        (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) == nil
    {
        fatalError("accepted what Foundation refuses: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }
    return 0
}

func containsNonFinite(_ value: JSONValue) -> Bool {
    switch value {
    case .double(let number): return !number.isFinite
    case .array(let values): return values.contains(where: containsNonFinite)
    case .object(let object): return object.members.contains { containsNonFinite($0.value) }
    default: return false
    }
}
