import Testing

@testable import ScanbenchPPOCR

/// The voicing marks (`゛゜`) a column's ink holds, given to the kana of a reading that lost them.
@Suite struct VerticalColumnVoicingTests {
  /// What a cell of the synthetic column holds beside its kana's body.
  enum Beside {
    case nothing
    /// Two short strokes in the top right corner (`゛`).
    case strokes
    /// A small ring there (`゜`).
    case ring
    /// A short stroke right of the body, halfway down it (`か`'s own).
    case strokeHalfwayDown
    /// Two small pieces one under the other there (ruby set beside the column).
    case piecesStacked
  }

  static let pitch = 56

  /// A column 60 pixels across of one kana body a cell of `pitch` rows (a solid block 44 across,
  /// an em of about 49, its top right corner left open), with what `beside` says beside each.
  static func column(_ beside: [Beside]) -> VerticalColumn.Grey {
    var grey = VerticalColumn.Grey(width: 60, height: pitch * beside.count + 20, value: 255)
    for (cell, what) in beside.enumerated() {
      let top = 10 + pitch * cell
      for y in top..<(top + 44) {
        for x in 5..<49 where !(x >= 36 && y < top + 16) { grey[x, y] = 20 }
      }
      switch what {
      case .nothing: break
      case .strokes:
        for y in (top + 2)..<(top + 8) {
          for x in 39..<43 { grey[x, y] = 20 }
          for x in 45..<49 { grey[x, y] = 20 }
        }
      case .ring:
        for dy in -6...6 {
          for dx in -6...6 {
            let r = Double(dx * dx + dy * dy).squareRoot()
            if r <= 5.2 && r >= 2.8 { grey[43 + dx, top + 7 + dy] = 20 }
          }
        }
      case .strokeHalfwayDown:
        // Below the open corner: the body's right part moves left to let it stand apart.
        for y in (top + 16)..<(top + 30) {
          for x in 36..<49 { grey[x, y] = 255 }
        }
        VerticalColumnInkTests.ink(&grey, x: 42..<46, y: (top + 18)..<(top + 26))
      case .piecesStacked:
        VerticalColumnInkTests.ink(&grey, x: 41..<46, y: (top + 1)..<(top + 6))
        VerticalColumnInkTests.ink(&grey, x: 41..<46, y: (top + 9)..<(top + 14))
      }
    }
    return grey
  }

  /// `text` read one character a cell of `column`, its columns the column's rows.
  static func reading(_ text: String, column: VerticalColumn.Grey) -> DecodedLine {
    let characters = text.enumerated().map { slot, character in
      DecodedCharacter(
        text: String(character), firstColumn: 10 + pitch * slot + 10, lastColumn: 10 + pitch * slot + 30,
        probability: 0.98)
    }
    return DecodedLine(characters: characters, contentColumns: Double(column.height))
  }

  static func marked(_ text: String, _ beside: [Beside]) -> String? {
    let grey = column(beside)
    guard let line = VerticalColumn.line(grey) else { return nil }
    return VerticalColumn.withInkVoicingMarks(reading(text, column: grey), column: grey, line: line).text
  }

  @Test func aBareKanaWithStrokesBesideItsTopTakesTheVoicingMark() {
    #expect(Self.marked("こてトハ", [.strokes, .nothing, .strokes, .nothing]) == "ごてドハ")
  }

  @Test func aKanaOfTheHaRowWithARingTakesTheSemiVoicingMark() {
    #expect(Self.marked("はへバほ", [.ring, .nothing, .ring, .strokes]) == "ぱへパぼ")
  }

  @Test func aPieceHalfwayDownTheBodyIsTheKanasOwn() {
    // `か` and `ト` have a stroke of their own there; a mark stands level with the body's top.
    #expect(Self.marked("かトかこ", [.strokeHalfwayDown, .strokeHalfwayDown, .strokes, .nothing]) == "かトがこ")
  }

  @Test func piecesOneUnderTheOtherAreNoMark() {
    #expect(Self.marked("はこ", [.piecesStacked, .strokes]) == "はご")
  }

  @Test func onlyKanaThatTakeAMarkTakeIt() {
    // A kanji, a kana with no voiced form, and `つ` (its small form sits right of the axis).
    #expect(Self.marked("語あつご", [.strokes, .strokes, .strokes, .strokes]) == "語あつご")
  }

  @Test func aVoicedKanaWithoutAMarkInItsInkIsLeftAsRead() {
    #expect(Self.marked("ごでばこ", [.nothing, .nothing, .nothing, .nothing]) == "ごでばこ")
    // A filled ring shows as `゛`: a `ぱ` read keeps its ring.
    #expect(Self.marked("ぱプ", [.strokes, .strokes]) == "ぱプ")
  }

  @Test func kanaAreMarkedOnlyWithTheFormsTheyHave() {
    #expect(VerticalColumn.kana("こ", with: .voiced) == "ご")
    #expect(VerticalColumn.kana("こ", with: .semiVoiced) == nil)
    #expect(VerticalColumn.kana("ば", with: .semiVoiced) == "ぱ")
    #expect(VerticalColumn.kana("ぱ", with: .voiced) == nil)
    #expect(VerticalColumn.kana("ご", with: .voiced) == nil)
    #expect(VerticalColumn.kana("ツ", with: .voiced) == nil)
    #expect(VerticalColumn.kana("ホ", with: .semiVoiced) == "ポ")
  }

  /// A reading of `text` whose character `at` was read with `probability` and gave the other form
  /// `alternative` the runner-up's `doubt`; the rest read surely.
  static func reading(_ text: String, at: Int, probability: Float, alternative: String, doubt: Float)
    -> DecodedLine
  {
    var line = VerticalColumnCharactersTests.reading(text, probabilities: [at: probability])
    line.characters[at].voicingAlternatives = [VoicingAlternative(text: alternative, probability: doubt)]
    return line
  }

  @Test func aMarkOneReadingLostIsTakenWhereBothReadingsTogetherHoldItLikelier() {
    // `10分ごとに`: the cells read `こ` (0.79, `ご` their runner-up at 0.20), the turned reading
    // `ご` (0.97, `こ` at 0.03): `ご` 1.17 against `こ` 0.82. The margin of the turned reading
    // alone (0.18) would not have taken it at 0.3.
    let cells = Self.reading("10分ことに", at: 3, probability: 0.79, alternative: "ご", doubt: 0.20)
    let turned = Self.reading("10分ごとに", at: 3, probability: 0.97, alternative: "こ", doubt: 0.03)
    #expect(VerticalColumn.withVoicingFromBothReadings(of: turned, into: cells, margin: 0).text == "10分ごとに")
    // Kept the other way round, the turned reading keeps its `ご`.
    #expect(VerticalColumn.withVoicingFromBothReadings(of: cells, into: turned, margin: 0).text == "10分ごとに")
    // Not by more than a margin larger than the difference.
    #expect(VerticalColumn.withVoicingFromBothReadings(of: turned, into: cells, margin: 0.4).text == "10分ことに")
  }

  @Test func aFormTheOtherReadingDoubtedIsNotTaken() {
    // `サーバー`: the cells read `バ` surely; the turned reading `パ` with `バ` its close runner-up.
    let cells = Self.reading("サーバー", at: 2, probability: 0.95, alternative: "パ", doubt: 0.05)
    let turned = Self.reading("サーパー", at: 2, probability: 0.53, alternative: "バ", doubt: 0.47)
    #expect(VerticalColumn.withVoicingFromBothReadings(of: turned, into: cells, margin: 0).text == "サーバー")
    #expect(VerticalColumn.withVoicingFromBothReadings(of: cells, into: turned, margin: 0).text == "サーバー")
  }

  @Test func aMarkTheKeptReadingHoldsIsNotTakenAway() {
    // `猫である` (jpn-tategaki-04): the cells `で` (0.61, `て` 0.39), the turned reading `て` (0.83,
    // `で` 0.17): `て` holds the larger sum, but the cells' mark stays.
    let cells = Self.reading("猫である", at: 1, probability: 0.61, alternative: "て", doubt: 0.39)
    let turned = Self.reading("猫てある", at: 1, probability: 0.83, alternative: "で", doubt: 0.17)
    #expect(VerticalColumn.withVoicingFromBothReadings(of: turned, into: cells, margin: 0).text == "猫である")
    // Kept turned, `て` holds the larger sum and stays.
    #expect(VerticalColumn.withVoicingFromBothReadings(of: cells, into: turned, margin: 0).text == "猫てある")
  }

  @Test func onlyAKanaWithAndWithoutAMarkIsTaken() {
    // `止` for `正` is no voicing pair, however sure the other reading was.
    let cells = Self.reading("途中で正まって", at: 3, probability: 0.5, alternative: "", doubt: 0)
    let turned = Self.reading("途中で止まって", at: 3, probability: 0.99, alternative: "", doubt: 0)
    #expect(VerticalColumn.withVoicingFromBothReadings(of: turned, into: cells, margin: 0).text == "途中で正まって")
  }
}
