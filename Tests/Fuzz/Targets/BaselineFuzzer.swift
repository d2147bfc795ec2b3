import Foundation

// libFuzzer target: a baseline file is a stranger's bytes too (a pull request may change it).
// `Baseline.decode` must refuse with a `ReportError` naming what is wrong, or give a baseline that
// is possible (no negative or zero counts, no image twice, totals that are the entries' sums) and
// that reads back the same after `encoded()`.

@_cdecl("LLVMFuzzerTestOneInput")
public func baselineFuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(UnsafeBufferPointer(start: start, count: count))
  do {
    let baseline = try Baseline.decode(data, path: "fuzz.json")
    if let problem = baseline.problem() { fatalError("accepted an impossible baseline: \(problem)") }
    for entry in baseline.entries where entry.edits < 0 || entry.gtChars < 1 {
      fatalError("accepted an entry with edits \(entry.edits), gt_chars \(entry.gtChars)")
    }
    let again = try Baseline.decode(Data(baseline.encoded().utf8), path: "fuzz.json")
    if again.entries != baseline.entries || again.edits != baseline.edits || again.gtChars != baseline.gtChars
    {
      fatalError("a baseline does not read back as it was encoded")
    }
  } catch let error as ReportError {
    if error.message.isEmpty { fatalError("a refusal without a message") }
  } catch {
    fatalError("unexpected error type: \(error)")
  }
  return 0
}
