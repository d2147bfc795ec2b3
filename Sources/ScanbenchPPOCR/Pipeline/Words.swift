/// Words of a recognized region and their boxes: characters between spaces, placed on the page
/// through the recognizer's output columns.
enum Words {
  /// Whether a recognized character separates words (the recognizer's space class, and the
  /// dictionary's ideographic space).
  static func isSpace(_ text: String) -> Bool { text.allSatisfy(\.isWhitespace) }

  /// The words of `line`, recognized in the crop of `quad`. A character's output column maps to a
  /// position along the crop (the columns cover the crop's content evenly); a word runs from half a
  /// character pitch before its first character's column to half a pitch after its last.
  static func words(of line: DecodedLine, in quad: Quad, imageWidth: Int, imageHeight: Int)
    -> [PPOCRResult.Word]
  {
    let characters = line.characters
    guard !characters.isEmpty, line.contentColumns > 0 else { return [] }
    let pitch = characterPitch(characters, contentColumns: line.contentColumns)
    var words: [PPOCRResult.Word] = []
    var start = 0
    while start < characters.count {
      if isSpace(characters[start].text) {
        start += 1
        continue
      }
      var end = start
      while end + 1 < characters.count && !isSpace(characters[end + 1].text) { end += 1 }
      let word = characters[start...end]
      let from = max(0, Double(characters[start].firstColumn) + 0.5 - pitch / 2)
      let to = min(line.contentColumns, Double(characters[end].lastColumn) + 0.5 + pitch / 2)
      let slice = quad.slice(from: from / line.contentColumns, to: max(from, to) / line.contentColumns)
      let probability = word.reduce(0.0) { $0 + Double($1.probability) } / Double(word.count)
      words.append(
        PPOCRResult.Word(
          text: word.map(\.text).joined(), confidence: 100 * probability,
          box: PPOCRBox(covering: slice.points, imageWidth: imageWidth, imageHeight: imageHeight)))
      start = end + 1
    }
    return words
  }

  /// The typical distance in columns from one character to the next: the median step between
  /// neighbours, or the content width shared out when there is only one character.
  static func characterPitch(_ characters: [DecodedCharacter], contentColumns: Double) -> Double {
    guard characters.count > 1 else { return max(1, contentColumns) }
    var steps: [Int] = []
    steps.reserveCapacity(characters.count - 1)
    for index in 1..<characters.count {
      steps.append(characters[index].firstColumn - characters[index - 1].firstColumn)
    }
    steps.sort()
    return Double(max(1, steps[steps.count / 2]))
  }
}
