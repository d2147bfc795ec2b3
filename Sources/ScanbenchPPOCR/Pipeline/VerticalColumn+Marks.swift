/// The marks one reading of a column read put into the other, the one kept.
///
/// Read turned, a column drops its `、。「」` (they lie in the top right of their cells, where the
/// recognizer, trained on horizontal lines, sees no mark). Read in cells it keeps them, but where
/// its grid lost its phase it misreads the characters around them, and the turned reading, likelier
/// by ``PPOCRPipeline/Options/cellReadingChoice``, is kept whole; and where the cells
/// reading is kept, a cell holding half a mark and half a character loses the mark, which the
/// turned reading now and then has. Neither reading's marks need be lost with the rest of it: each
/// is put between the same neighbours in the reading kept (``withMarks(of:into:surerThan:)``).
extension VerticalColumn {
  /// `kept` with each mark that `other` read (both read from the same column, their columns along
  /// it) surely — with a probability of `surerThan` or more — put between the same neighbours. The
  /// neighbours are found by text, as the Latin splice finds them
  /// (``splicedAtAnchors(cells:turned:overWordsTheCellsLost:)``): the characters other than marks that both readings
  /// share, in order (their longest common subsequence). A mark goes in beside the anchor it stands
  /// against in `other` (nothing but marks between them), before or after it as there, and
  /// only where `kept` holds no mark between the same two anchors (there it read the mark, or
  /// another in its place) and fewer characters than `other` (there the mark is a misreading of one
  /// of them). A mark with characters `kept` does not share on both sides has no place and is left
  /// out; so is every mark when the readings share no character.
  ///
  /// With `apart`, a mark goes in between two characters of `kept` only where they stand that many
  /// of its pitches apart or more (``hasRoomForMark(in:at:apart:)``).
  static func withMarks(
    of other: DecodedLine, into kept: DecodedLine, surerThan: Double, apart: Double? = nil
  ) -> DecodedLine {
    let (o, k) = (other.characters, kept.characters)
    guard !o.isEmpty, !k.isEmpty, other.contentColumns > 0, kept.contentColumns > 0 else { return kept }
    // The characters both readings share, marks left out.
    let anchors = Self.anchors(k, o) { !isMark($0) }.map { (kept: $0.first, other: $0.second) }
    guard !anchors.isEmpty else { return kept }
    let scale = kept.contentColumns / other.contentColumns
    // Per mark put in, the index of the character of `kept` it goes before (k.count: at the end).
    var insertions: [(at: Int, mark: DecodedCharacter)] = []
    // The marks go in all at once, after every one is weighed: `kept`'s pitch is the same for each.
    let keptPitch = apart == nil ? 0 : pitch(of: k)
    for index in o.indices where isDroppedMark(o[index].text) && Double(o[index].probability) >= surerThan {
      let before = anchors.last { $0.other < index }
      let after = anchors.first { $0.other > index }
      let keptStretch = (before.map { $0.kept + 1 } ?? 0)..<(after?.kept ?? k.count)
      guard !k[keptStretch].contains(where: { isMark($0.text) }) else { continue }
      // As many characters in `kept` as in `other` there, marks and all: the mark stands in the place
      // of one of them (`J` read in cells as `」`, `。` read turned as `°`).
      let otherStretch = (before.map { $0.other + 1 } ?? 0)..<(after?.other ?? o.count)
      guard keptStretch.count < otherStretch.count else { continue }
      let fromBefore = (before.map { $0.other + 1 } ?? 0)..<index
      let toAfter = (index + 1)..<(after?.other ?? o.count)
      let at: Int
      if o[fromBefore].allSatisfy({ isMark($0.text) }) {
        at = keptStretch.lowerBound
      } else if o[toAfter].allSatisfy({ isMark($0.text) }) {
        at = keptStretch.upperBound
      } else {
        continue
      }
      if let apart, !hasRoomForMark(in: k, at: at, apart: apart, pitch: keptPitch) { continue }
      // Kinsoku: no column begins with a closing mark or ends with an opening one; there the mark
      // is a neighbouring column's, or a speck.
      if at == 0 && isClosingMark(o[index].text) || at == k.count && !isClosingMark(o[index].text) {
        continue
      }
      insertions.append((at, moved(o[index], scale: scale)))
    }
    // In the order of `other`, which is the order of `kept`: a mark placed after the anchor before
    // it follows only marks there, so no earlier one of its stretch went after the anchor after.
    guard !insertions.isEmpty else { return kept }
    var result: [DecodedCharacter] = []
    var next = 0
    for slot in 0...k.count {
      while next < insertions.count && insertions[next].at == slot {
        result.append(insertions[next].mark)
        next += 1
      }
      if slot < k.count { result.append(k[slot]) }
    }
    return DecodedLine(characters: result, contentColumns: kept.contentColumns)
  }

  /// The reading of `readings` (one column's, read from copies of its page, their columns along
  /// it) at `kept`, with the marks each other reading read surely (`surerThan`) put between the
  /// same neighbours, the other readings taken in order (``withMarks(of:into:surerThan:)``): each
  /// copy of a 1-bit page loses marks another reads. With `apart`, only where there is room for
  /// the mark (``hasRoomForMark(in:at:apart:)``).
  static func withMarks(
    of readings: [DecodedLine], keeping kept: Int, surerThan: Double, apart: Double? = nil
  ) -> DecodedLine {
    var result = readings[kept]
    for (other, reading) in readings.enumerated() where other != kept {
      result = withMarks(of: reading, into: result, surerThan: surerThan, apart: apart)
    }
    return result
  }

  /// `kept`, a restored copy's reading of a column of a 1-bit page, with each `。` it read alone
  /// between two neighbours it shares with `own` (the column read from the page as it is) made the
  /// `、` that `own` read alone between the same neighbours. A restoration darkens and blurs: the
  /// few pixels of a `、` thicken into a round blob, which the recognizer reads as a ring, while a
  /// ring's hole is never drawn into a tick. But the page's own reading reads `、` for a ring the
  /// threshold broke open too: only a `、` whose ink `isTick` finds a tick (given the index of the
  /// `、` in `own`: ``markInk(in:near:)``) is taken. The neighbours are the characters other than
  /// marks the two readings share, in order (``anchors(_:_:counting:nearestInPlace:)``).
  static func withCommas(of own: DecodedLine, into kept: DecodedLine, isTick: (Int) -> Bool) -> DecodedLine {
    let (o, k) = (own.characters, kept.characters)
    guard !o.isEmpty, !k.isEmpty else { return kept }
    let shared = anchors(k, o) { !isMark($0) }.map { (kept: $0.first, own: $0.second) }
    // The stretches between neighbours: before the first, between each two, after the last.
    let bounds = [(kept: -1, own: -1)] + shared + [(kept: k.count, own: o.count)]
    var result = kept
    for (before, after) in zip(bounds, bounds.dropFirst()) {
      let (keptAt, ownAt) = (before.kept + 1, before.own + 1)
      guard after.kept - keptAt == 1, after.own - ownAt == 1, k[keptAt].text == "。", o[ownAt].text == "、",
        isTick(ownAt)
      else { continue }
      result.characters[keptAt].text = "、"
      result.characters[keptAt].probability = o[ownAt].probability
    }
    return result
  }

  /// Whether a mark put into `characters` (a reading of one column, their columns along it) before
  /// the one at `at` has room there: the characters on either side of it stand `apart` of the
  /// reading's pitch or more apart — the middle of its steps from one character to the next, most
  /// of which are one character's cell. A mark set in a column takes a cell of its own between its
  /// neighbours, or half of one beside a bracket, so where they stand a pitch apart there is none,
  /// and what another reading read as a mark there is a stroke or a speck inside a word (a `、`
  /// for the small `ュ` of `ミュー`, a `。` between the two kanji of `今日`). Between two Latin
  /// letters or digits a mark never has room: they are one word on its side. Beside a single
  /// Latin letter it is not measured and goes in: the places a reading gives a sideways word's
  /// letters are the turned reading's, spliced into the cells' and scaled, and the word's first
  /// letter can lie a pitch from the kana before it with a `。` between them. A mark at either end
  /// of the column, or in a reading of fewer than three characters, has no two neighbours to
  /// measure and goes in.
  ///
  /// `pitch` is ``pitch(of:)`` of `characters`, given by a caller that weighs many marks against
  /// one reading; nil: measured here.
  static func hasRoomForMark(
    in characters: [DecodedCharacter], at: Int, apart: Double, pitch: Double? = nil
  ) -> Bool {
    guard at > 0, at < characters.count, characters.count >= 3 else { return true }
    let (before, after) = (characters[at - 1].text, characters[at].text)
    if isLatinLetterOrDigit(before) && isLatinLetterOrDigit(after) { return false }
    if isLatinLetter(before) || isLatinLetter(after) { return true }
    let pitch = pitch ?? Self.pitch(of: characters)
    guard pitch > 0 else { return true }
    return place(of: characters[at]) - place(of: characters[at - 1]) >= apart * pitch
  }

  /// The pitch of a reading of one column, in its own columns: the middle of its steps from one
  /// character's place to the next, most of which are one character's cell; 0 for fewer than two
  /// characters.
  static func pitch(of characters: [DecodedCharacter]) -> Double {
    guard characters.count >= 2 else { return 0 }
    let steps = (1..<characters.count).map { place(of: characters[$0]) - place(of: characters[$0 - 1]) }
    return steps.sorted()[steps.count / 2]
  }

  /// A character's place along its reading, in the reading's own columns: its columns' middle.
  private static func place(of character: DecodedCharacter) -> Double {
    Double(character.firstColumn + character.lastColumn) / 2
  }

  /// Whether `text` is one ASCII letter.
  static func isLatinLetter(_ text: String) -> Bool {
    isLatinLetterOrDigit(text) && !text.allSatisfy(\.isNumber)
  }

  /// The marks set in a vertical cell where a turned reading loses them: `、。` in its top right,
  /// the corner brackets turned (`﹁﹂`, read in cells as `「」`).
  static func isDroppedMark(_ text: String) -> Bool {
    ["、", "。", "「", "」", "『", "』"].contains(text)
  }

  /// Of those, the marks that close what comes before them (all but the opening brackets).
  static func isClosingMark(_ text: String) -> Bool {
    ["、", "。", "」", "』"].contains(text)
  }
}
