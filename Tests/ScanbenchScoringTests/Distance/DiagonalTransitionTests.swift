import ScanbenchSupport
import Testing

@testable import ScanbenchScoring

@Suite struct DiagonalTransitionTests {
  /// The textbook programme's whole matrix, for the column costs.
  private func referenceMatrix(_ a: [Int32], _ b: [Int32]) -> [[Int]] {
    var matrix = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count {
      for j in 0...b.count {
        if i == 0 || j == 0 {
          matrix[i][j] = i + j
        } else {
          matrix[i][j] = min(
            matrix[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), matrix[i - 1][j] + 1, matrix[i][j - 1] + 1)
        }
      }
    }
    return matrix
  }

  @Test(arguments: [Int32(2), 5, 26])
  func distanceEqualsReference(alphabet: Int32) {
    var generator = SeededGenerator(seed: UInt64(40 + alphabet))
    for round in 0..<300 {
      let a = RandomText.symbols(
        length: Int.random(in: 0...130, using: &generator), alphabet: alphabet, using: &generator)
      let edits = round % 3 == 0 ? a.count : Int.random(in: 0...8, using: &generator)
      let b = RandomText.editedSymbols(a, edits: edits, alphabet: alphabet, using: &generator)
      let distance = a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in DiagonalTransition.distance(a, b, workLimit: Int.max / 4) }
      }
      #expect(distance == EditDistance.referenceDistance(a, b), "round \(round)")
    }
  }

  /// Every row of a column that a path within the cost limit crosses gets its exact cost, from the
  /// start and from the end; no row is given less than its cost.
  @Test func columnCostsEqualTheMatrix() {
    var generator = SeededGenerator(seed: 47)
    for round in 0..<200 {
      let alphabet: Int32 = [2, 4, 26][round % 3]
      let a = RandomText.symbols(
        length: Int.random(in: 0...60, using: &generator), alphabet: alphabet, using: &generator)
      let b = RandomText.editedSymbols(
        a, edits: Int.random(in: 0...10, using: &generator), alphabet: alphabet, using: &generator)
      let column = Int.random(in: 0...b.count, using: &generator)
      let maxCost = Int.random(in: 0...12, using: &generator)
      let forwardMatrix = referenceMatrix(a, b)
      let backwardMatrix = referenceMatrix(a.reversed(), b.reversed())
      for reversed in [false, true] {
        let costs = a.withUnsafeBufferPointer { a in
          b.withUnsafeBufferPointer { b in
            DiagonalTransition.columnCosts(
              a, b, column: column, maxCost: maxCost, reversed: reversed, workLimit: Int.max / 4)
          }
        }
        guard let costs else {
          Issue.record("round \(round): gave up without a limit")
          continue
        }
        let (matrix, other) = reversed ? (backwardMatrix, forwardMatrix) : (forwardMatrix, backwardMatrix)
        for row in 0...a.count where abs(column - row) <= maxCost {
          let expected = matrix[row][column]
          let remaining = other[a.count - row][b.count - column]
          let found = costs[column - row + maxCost]
          let label = "round \(round), reversed \(reversed), row \(row)"
          if expected + remaining <= maxCost {
            #expect(found == expected, "\(label)")
          } else {
            #expect(found >= expected, "\(label)")
          }
        }
      }
    }
  }

  @Test func givesUpPastItsWorkLimit() {
    let a = [Int32](repeating: 1, count: 500)
    let b = [Int32](repeating: 2, count: 500)
    let distance = a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in DiagonalTransition.distance(a, b, workLimit: 1000) }
    }
    #expect(distance == nil)
    #expect(EditDistance.distance(a, b) == 500)
  }
}
