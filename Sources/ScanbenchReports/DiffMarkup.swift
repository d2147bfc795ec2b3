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

  /// One side as written — its line breaks and case — marked by the alignment that was counted:
  /// on the ground truth, deletions struck through and green marks where OCR added text; on the OCR,
  /// insertions green and red marks where ground truth was dropped; substitutions amber on both.
  ///
  /// With `markLines`, an empty `<span class="lm" data-line="N">` starts each line of the text as
  /// written (N from 0), so that the report's image viewer can mark the line under the cursor.
  static func side(_ side: DisplayAlignment.Side, isGroundTruth: Bool, markLines: Bool = false) -> String {
    var line = 0
    func marker() -> String { "<span class=\"lm\" data-line=\"\(line)\"></span>" }
    /// Escaped text (no tags) with a marker after each line break.
    func lines(_ text: String) -> String {
      guard markLines, text.contains("\n") else { return text }
      return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, part in
        if index == 0 { return String(part) }
        line += 1
        return "\n" + marker() + part
      }.joined()
    }
    func gap(_ text: String) -> String {
      isGroundTruth
        ? "<span class=\"gap gi\" title=\"OCR added “\(Markup.escape(text))” here\"></span>"
        : "<span class=\"gap gd\" title=\"OCR dropped “\(Markup.escape(text))” here\"></span>"
    }
    var html = markLines ? marker() : ""
    for (index, run) in side.runs.enumerated() {
      for text in side.gaps[index] ?? [] { html += gap(text) }
      switch run.mark {
      case .plain:
        html += lines(Markup.escape(run.text))
      case .unmatched:
        html +=
          isGroundTruth
          ? "<del class=\"d\">\(lines(visible(run.text)))</del>"
          : "<ins class=\"i\">\(lines(visible(run.text)))</ins>"
      case .substituted(let other):
        let title = isGroundTruth ? "read as" : "should be"
        html +=
          "<span class=\"s\" title=\"\(title) “\(Markup.escape(other))”\">\(lines(visible(run.text)))</span>"
      }
    }
    for text in side.gapsAtEnd { html += gap(text) }
    return html
  }

  /// The words side by side, as the word error rate counts them, in a section that opens on a click.
  static func words(_ display: DisplayAlignment, wer: Double?) -> String {
    var truth: [String] = []
    var ocr: [String] = []
    var changed = 0
    for step in display.words {
      let left = Markup.escape(step.groundTruth.joined(separator: " "))
      let right = Markup.escape(step.recognized.joined(separator: " "))
      switch step.kind {
      case .equal:
        truth.append(left)
        ocr.append(right)
      case .substitute:
        changed += step.groundTruth.count
        truth.append("<span class=\"s\" title=\"read as “\(right)”\">\(left)</span>")
        ocr.append("<span class=\"s\" title=\"should be “\(left)”\">\(right)</span>")
      case .delete:
        changed += step.groundTruth.count
        truth.append("<del class=\"d\">\(left)</del>")
        ocr.append("<span class=\"gap gd\" title=\"OCR dropped “\(left)” here\"></span>")
      case .insert:
        changed += step.recognized.count
        truth.append("<span class=\"gap gi\" title=\"OCR added “\(right)” here\"></span>")
        ocr.append("<ins class=\"i\">\(right)</ins>")
      }
    }
    let total = display.words.reduce(0) { $0 + $1.groundTruth.count }
    var html = "<details class=\"words\"><summary>Word by word: \(changed) of \(total) words differ"
    html += wer.map { " (WER \(Format.percent($0)))" } ?? ""
    html += "</summary><div class=\"sides\">"
    html += "<div class=\"side\"><div class=\"lbl\">Ground truth words</div><div class=\"diff\">"
    html += truth.joined(separator: " ") + "</div></div>"
    html += "<div class=\"side\"><div class=\"lbl\">OCR words</div><div class=\"diff\">"
    html += ocr.joined(separator: " ") + "</div></div></div></details>"
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
