/// A column of upright Latin letters read whole, set across as the word it spells.
///
/// Read in cells, each upright letter stands alone in its em, and a column with little or no kana
/// has nothing the letters are read beside: the recognizer doubts each (`PostgreSQL` read
/// `PostgresOL`, `Ubuntu` read as points and commas). The words read across
/// (``VerticalColumn/wordAcross(rows:of:)``) mend only the runs the cells already read as letters,
/// one cell after another. Set across whole — every cell's ink, side by side as a horizontal line
/// sets its characters — the column is the line the recognizer was trained on, and it reads the
/// word whole, and the kana beside it as well.
extension VerticalColumn {
  /// Whether `reading` (a column's, either way) is mostly upright Latin: at least three ASCII
  /// letters, and no fewer letters than other characters (whitespace left out).
  static func isMostlyLetters(_ reading: DecodedLine) -> Bool {
    let characters = reading.characters.filter { !$0.text.allSatisfy(\.isWhitespace) }
    let letters = characters.count { $0.text.count == 1 && $0.text.allSatisfy { $0.isASCII && $0.isLetter } }
    return letters >= 3 && 2 * letters >= characters.count
  }

  /// `across` (a column's cells, `cellRows` of a column `columnLength` rows long, read set across
  /// whole), its characters placed along the column in `content` columns: as many characters as
  /// cells, one a cell; otherwise each where its share of the line falls.
  static func alongColumn(
    across: DecodedLine, cellRows: [Range<Int>], columnLength: Double, content: Double
  ) -> DecodedLine {
    let characters = across.characters.filter { !$0.text.allSatisfy(\.isWhitespace) }
    guard !cellRows.isEmpty, !characters.isEmpty, columnLength > 0 else {
      return DecodedLine(characters: characters, contentColumns: content)
    }
    let placed = characters.enumerated().map { slot, character -> DecodedCharacter in
      let cell = min(cellRows.count - 1, slot * cellRows.count / characters.count)
      let rows = cellRows[cell]
      var moved = character
      moved.firstColumn = max(
        0, Int(saturating: (Double(rows.lowerBound) / columnLength * content).rounded(.down)))
      moved.lastColumn = max(
        moved.firstColumn,
        Int(saturating: (Double(rows.upperBound) / columnLength * content).rounded(.down)) - 1)
      return moved
    }
    return DecodedLine(characters: placed, contentColumns: content)
  }

  /// Whether `across` (a column of `cells` cells read set across whole) is kept over `reading`
  /// (the column's reading so far): it reads as many characters as there are cells, one more or
  /// one fewer, mostly letters still, at least `atLeast` surely on the whole and more surely than
  /// `reading`.
  static func keepsAcross(_ across: DecodedLine, over reading: DecodedLine, cells: Int, atLeast: Double)
    -> Bool
  {
    let characters = across.characters.filter { !$0.text.allSatisfy(\.isWhitespace) }
    let read = reading.characters.filter { !$0.text.allSatisfy(\.isWhitespace) }
    guard !characters.isEmpty, abs(characters.count - cells) <= 1, isMostlyLetters(across) else {
      return false
    }
    let sure = DecodedLine(characters: characters, contentColumns: 1).probability
    let before = DecodedLine(characters: read, contentColumns: 1).probability
    return sure >= atLeast && sure > before
  }

  /// `reading` (a column's, its characters along it) with what `across` (the column's cells read
  /// set across whole, ``keepsAcross(_:over:cells:atLeast:)``) reads. Where both read as many
  /// characters, character for character, a Latin letter or digit read as another, more surely
  /// across (`PostgresOL`: `s` and `O` for `S` and `Q`), or a bar before a letter as the thin
  /// letter it is; a letter whose lookalike the line across
  /// reads less surely (`l`, `I`) stays as the column read it, and so does every kana and mark: set
  /// across, a mark in the top right of its vertical cell stands where no horizontal line sets it,
  /// and a long vowel bar lies as the kanji one does. Where they read different counts, `across`
  /// whole, placed along the column by `cellRows`
  /// (``alongColumn(across:cellRows:columnLength:content:)``), but only where `reading` holds no kana
  /// or kanji it would lose.
  static func withAcross(
    _ across: DecodedLine, into reading: DecodedLine, cellRows: [Range<Int>], columnLength: Double
  ) -> DecodedLine {
    let read = reading.characters.indices.filter { !reading.characters[$0].text.allSatisfy(\.isWhitespace) }
    let letters = across.characters.filter { !$0.text.allSatisfy(\.isWhitespace) }
    guard read.count == letters.count else {
      guard !reading.characters.contains(where: { isKanaOrKanji($0.text) }) else { return reading }
      return alongColumn(
        across: across, cellRows: cellRows, columnLength: columnLength, content: reading.contentColumns)
    }
    var result = reading
    for (slot, (index, letter)) in zip(read, letters).enumerated()
    where letter.probability > reading.characters[index].probability && isLatinLetterOrDigit(letter.text) {
      let text = reading.characters[index].text
      // A thin letter alone in its cell is a bare stroke, read as a bar: the word across tells it
      // where a letter follows (`cronがーog`).
      let thin =
        isBar(text) && ["l", "I", "i"].contains(letter.text) && slot + 1 < read.count
        && isLatinLetterOrDigit(reading.characters[read[slot + 1]].text)
      guard isLatinLetterOrDigit(text) || thin else { continue }
      result.characters[index].text = letter.text
      result.characters[index].probability = letter.probability
      result.characters[index].voicingAlternatives = []
    }
    return result
  }
}

extension PPOCRPipeline {
  /// `reading` (a column's, read from `column`, mostly Latin letters: the caller has asked
  /// ``VerticalColumn/isMostlyLetters(_:)``) as the column's cells read set across whole, where that
  /// reads it surer
  /// (``Options/columnsOfLettersReadAcross``, ``VerticalColumn/keepsAcross(_:over:cells:atLeast:)``).
  func withColumnReadAcross(_ reading: DecodedLine, column: VerticalColumn.Grey, atLeast: Double) throws
    -> DecodedLine
  {
    guard let line = VerticalColumn.line(column),
      let picture = VerticalColumn.wordAcross(rows: line.cellRows, of: line),
      let across = try readUpright(picture)
    else { return reading }
    let keeps = VerticalColumn.keepsAcross(
      across, over: reading, cells: line.cellRows.count, atLeast: atLeast)
    guard keeps else { return reading }
    return VerticalColumn.withAcross(
      across, into: reading, cellRows: line.cellRows, columnLength: line.columnLength)
  }
}
