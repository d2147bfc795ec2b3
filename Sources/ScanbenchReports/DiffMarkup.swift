import Foundation
import ScanbenchScoring
import ScanbenchStore
import ScanbenchSupport

/// The two sides of an alignment as marked-up text.
enum DiffMarkup {
  /// Ground truth: deletions struck through in red, substitutions amber, a green mark where OCR added text.
  static func groundTruth(_ operations: [AlignmentOperation]) -> String {
    var html = ""
    for operation in operations {
      switch operation {
      case .equal(let text): html += Markup.escape(text)
      case .delete(let text): html += "<del class=\"d\">\(visible(text))</del>"
      case .substitute(let groundTruth, let recognized):
        html +=
          "<span class=\"s\" title=\"read as “\(Markup.escape(recognized))”\">\(visible(groundTruth))</span>"
      case .insert(let text):
        html += "<span class=\"gap gi\" title=\"OCR added “\(Markup.escape(text))” here\"></span>"
      }
    }
    return html
  }

  /// OCR: insertions green, substitutions amber, a red mark where ground truth was dropped.
  static func recognized(_ operations: [AlignmentOperation]) -> String {
    var html = ""
    for operation in operations {
      switch operation {
      case .equal(let text): html += Markup.escape(text)
      case .insert(let text): html += "<ins class=\"i\">\(visible(text))</ins>"
      case .substitute(let groundTruth, let recognized):
        html +=
          "<span class=\"s\" title=\"should be “\(Markup.escape(groundTruth))”\">\(visible(recognized))</span>"
      case .delete(let text):
        html += "<span class=\"gap gd\" title=\"OCR dropped “\(Markup.escape(text))” here\"></span>"
      }
    }
    return html
  }

  /// Escaped, with spaces and line breaks made visible: a changed space must be seen to be understood.
  static func visible(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case " ": result += "␣"
      case "\n", "\r\n": result += "↵\n"
      case "\t": result += "⇥"
      case "\u{3000}": result += "□"
      default: result += Markup.escape(String(character))
      }
    }
    return result
  }
}
