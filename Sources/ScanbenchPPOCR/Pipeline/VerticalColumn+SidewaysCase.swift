/// The case of Latin letters lying sideways in a column, from how far their ink reaches across it.
///
/// Read turned, a word set sideways (`text-orientation: mixed`) is a line of letters on their
/// sides, and the recognizer, which reads a word's letters in the case it expects, takes a letter
/// whose capital is its small letter made larger (`c o s u v w x z`) in the wrong one: `LaTeX` as
/// `LaTex`, `arXiv` as `arxiv`. The ink still tells them apart. Turned a quarter turn clockwise, a
/// sideways letter's foot lies on the column's left (its baseline a line down the column) and its
/// top towards the right: a small letter reaches across the column as far as the word's `a e n r`
/// (its x-height), a capital as far as its `L T` (its cap height).
extension VerticalColumn {
  /// Letters whose top stands at the x-height, read in either case alike.
  static let xHeightLetters = Set("aemnrgpqy")
  /// Letters whose top stands at a capital's height (capitals and small letters with an ascender)
  /// that are not in ``caseByHeight``.
  static let capHeightLetters = Set("ABDEFGHIJKLMNPQRTYbdhkl")
  /// Letters whose foot goes below the baseline.
  static let descendingLetters = Set("gjpqyJQ")

  /// A sideways letter's ink across the column: how far left its foot and how far right its top.
  struct AcrossExtent: Equatable {
    var foot: Int
    var top: Int
  }

  /// `turned` (a column's turned reading, its characters' columns along the column of `line`)
  /// with each letter of ``caseByHeight`` in a run of sideways letters read as a small letter
  /// where its top stands nearer the run's x-height than its cap height, and as a capital where
  /// nearer the cap height: within a third of the gap between the two of one of them, the letter
  /// is left as read. The x-height is the median height over the baseline of the run's
  /// ``xHeightLetters``, the cap height that of its ``capHeightLetters``; a run with only one of
  /// them takes the other from it as a Latin face's proportions set it (a small letter at most
  /// 1.1 of the x-height, a capital at 1.25 or more; at most 0.82 of the cap height, or 0.92 or
  /// more). A run with neither is left as read, or with `inEms` read as its letters' heights in
  /// the column's em say (``smallInEms(_:)``). A run is sideways where its letters lie closer
  /// than 0.8 of the column's pitch: upright letters stand one to an em.
  static func casedAcrossColumn(_ turned: DecodedLine, line: Line, inEms: Bool = false) -> DecodedLine {
    guard let picture = line.picture, line.ink.count == picture.pixels.count, turned.contentColumns > 0 else {
      return turned
    }
    var result = turned
    for run in letterRuns(turned.characters) where run.count >= 2 {
      let centres = run.map { index -> Double in
        let along = span(turned.characters[index], of: turned)
        return (along.start + along.end) / 2 * Double(picture.height)
      }
      let spacing = (centres[centres.count - 1] - centres[0]) / Double(centres.count - 1)
      guard spacing > 0, spacing < 0.8 * line.pitch else { continue }
      let extents = letterExtents(
        centres: centres, spacing: spacing, ink: line.ink, width: picture.width, height: picture.height)
      let texts = run.map { turned.characters[$0].text.first ?? " " }
      let cased = casedLetters(texts, extents: extents, em: line.em, inEms: inEms)
      for (offset, index) in run.enumerated() where cased[offset] != texts[offset] {
        result.characters[index].text = String(cased[offset])
      }
    }
    return result
  }

  /// `letters` (a run of sideways letters) with each of ``caseByHeight`` in the case its extent
  /// across the column says (``casedAcrossColumn(_:line:inEms:)``), given each letter's extent (nil
  /// where its rows held no ink). `em`: the column's, in pixels; a letter whose foot is off the
  /// run's baseline by more than a tenth of it was measured with ink not its own, and is left. With
  /// `inEms`, a run with no letter of known height takes each letter's height in the column's em
  /// (``smallInEms(_:)``).
  static func casedLetters(
    _ letters: [Character], extents: [AcrossExtent?], em: Double, inEms: Bool = false
  ) -> [Character] {
    func median(_ values: [Int]) -> Double? {
      guard !values.isEmpty else { return nil }
      let sorted = values.sorted()
      let middle = sorted.count / 2
      return sorted.count % 2 == 1
        ? Double(sorted[middle]) : Double(sorted[middle - 1] + sorted[middle]) / 2
    }
    let measured = zip(letters, extents).compactMap { letter, extent in extent.map { (letter, $0) } }
    guard
      let baseline = median(
        measured.filter { !descendingLetters.contains($0.0) }.map(\.1.foot))
    else { return letters }
    let xHeight = median(measured.filter { xHeightLetters.contains($0.0) }.map(\.1.top)).map { $0 - baseline }
    let capHeight = median(measured.filter { capHeightLetters.contains($0.0) }.map(\.1.top)).map {
      $0 - baseline
    }
    var result = letters
    for (offset, (letter, extent)) in zip(letters, extents).enumerated() {
      guard caseByHeight.contains(letter), let extent, abs(Double(extent.foot) - baseline) <= 0.1 * em else {
        continue
      }
      let height = Double(extent.top) - baseline
      var small: Bool?
      switch (xHeight, capHeight) {
      case (let x?, let cap?):
        guard cap - x >= 0.08 * em else { continue }
        if height <= x + (cap - x) / 3 {
          small = true
        } else if height >= cap - (cap - x) / 3 {
          small = false
        }
      case (let x?, nil):
        guard x > 0 else { continue }
        if height <= 1.1 * x {
          small = true
        } else if height >= 1.25 * x {
          small = false
        }
      case (nil, let cap?):
        guard cap > 0 else { continue }
        if height <= 0.82 * cap {
          small = true
        } else if height >= 0.92 * cap {
          small = false
        }
      case (nil, nil):
        guard inEms else { continue }
        small = smallInEms(height / em)
      }
      if let small {
        result[offset] = Character(small ? letter.lowercased() : letter.uppercased())
      }
    }
    return result
  }

  /// Whether a letter of ``caseByHeight`` whose ink stands `height` ems high (the column's em, a
  /// full-width character's) is a small letter (true), a capital (false), or either (nil). The
  /// Japanese faces set a capital's height at about three quarters of their em and the x-height at
  /// about half of it, so a word with no letter of known height to measure against
  /// (`OS`, `C` alone in `Type-C`) is measured against the em itself.
  static func smallInEms(_ height: Double) -> Bool? {
    if height <= 0.62 { return true }
    if height >= 0.7 { return false }
    return nil
  }

  /// The extent across the column of each sideways letter whose middle along the column is
  /// `centres`' entry (rows; the letters `spacing` rows apart on the whole), from the connected
  /// pieces of `ink` around them: a piece that holds one letter's middle is that letter's, so the
  /// bar of a `T` reaching over its neighbour stays the `T`'s. A letter whose middle lies in no piece
  /// (a thin letter the reading placed beside its stroke), or in a piece that holds another's too
  /// (letters the scan ran together), is nil; a piece reaching past the run's ends (a kana beside
  /// it) or holding no letter's middle is no letter's.
  static func letterExtents(centres: [Double], spacing: Double, ink: [Bool], width: Int, height: Int)
    -> [AcrossExtent?]
  {
    guard let first = centres.first, let last = centres.last else { return [] }
    let top = max(0, Int(saturating: (first - 2 * spacing).rounded(.down)))
    let bottom = min(height, Int(saturating: (last + 2 * spacing).rounded(.up)))
    guard top < bottom else { return centres.map { _ in nil } }
    let band = Array(ink[(top * width)..<(bottom * width)])
    let rows = centres.map { Int(saturating: $0.rounded(.down)) - top }
    var extents = [AcrossExtent?](repeating: nil, count: centres.count)
    var shared = [Bool](repeating: false, count: centres.count)
    let lowest = first - spacing - Double(top)
    let highest = last + spacing - Double(top)
    for piece in components(band, width: width, height: bottom - top)
    where Double(piece.minY) >= lowest && Double(piece.maxY) <= highest {
      let held = rows.indices.filter { rows[$0] >= piece.minY && rows[$0] < piece.maxY }
      if held.count > 1 {
        for k in held { shared[k] = true }
      } else if let k = held.first {
        extents[k] = AcrossExtent(
          foot: min(extents[k]?.foot ?? piece.minX, piece.minX),
          top: max(extents[k]?.top ?? piece.maxX - 1, piece.maxX - 1))
      }
    }
    return extents.indices.map { shared[$0] ? nil : extents[$0] }
  }
}
