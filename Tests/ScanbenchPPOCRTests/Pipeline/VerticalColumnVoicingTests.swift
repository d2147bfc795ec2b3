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
        for y in (top + 18)..<(top + 26) {
          for x in 42..<46 { grey[x, y] = 20 }
        }
      case .piecesStacked:
        for y in (top + 1)..<(top + 6) {
          for x in 41..<46 { grey[x, y] = 20 }
        }
        for y in (top + 9)..<(top + 14) {
          for x in 41..<46 { grey[x, y] = 20 }
        }
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
}
